/**
 * `npm start` built from source (startServer): the API, the relay and the built client on one
 * port — caching, SPA fallback, back-end 404s that never fall through to index.html, live chat
 * through the relay with demo accounts, and a graceful close.
 */
import type { AuthPayload, Conversation, Message } from '@agrivet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  ASSET,
  ASSET_TEXT,
  connectSocket,
  login,
  rawGet,
  SERVED_INDEX_HTML,
  SUPPORT_PHONE,
  startTestServer,
  type TestServer,
  type TestSocket,
} from './helpers';

let srv: TestServer;
let farmer: AuthPayload;
let pharmacy: AuthPayload;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  srv = await startTestServer();
  farmer = await login(srv.url, '0944444444', 'farmer1234');
  pharmacy = await login(srv.url, '0911111111', 'store1234');
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await srv?.close();
});

describe('npm start composition', () => {
  it('GET /api/health answers the API envelope', async () => {
    const res = await fetch(`${srv.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 200, data: { db: 'ok' } });
  });

  it("serves the API's own app: browse ETags with 304, error codes", async () => {
    const list = await fetch(`${srv.url}/api/product/getAll`);
    const etag = list.headers.get('etag');
    expect(list.status).toBe(200);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${srv.url}/api/product/getAll`, { headers: { 'If-None-Match': etag as string } });
    expect(again.status).toBe(304);
    const missing = await fetch(`${srv.url}/api/store/get/999999`);
    expect(await missing.json()).toMatchObject({ status: 404, error: { code: 'not_found' } });
  });

  it('a deep client route answers index.html, never cached (SPA fallback)', async () => {
    const res = await fetch(`${srv.url}/chat/5`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(SERVED_INDEX_HTML);
  });

  it('hashed assets are cached for a year, sw.js and index.html are not cached', async () => {
    const asset = await fetch(`${srv.url}/${ASSET}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toContain('agrivet');

    const sw = await fetch(`${srv.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(await sw.text()).toContain('addEventListener');

    const root = await fetch(`${srv.url}/`);
    expect(root.headers.get('cache-control')).toBe('no-cache');
    expect(await root.text()).toBe(SERVED_INDEX_HTML);

    const index = await fetch(`${srv.url}/index.html`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toBe(SERVED_INDEX_HTML);
  });

  it('text files go out Brotli or gzip as the browser accepts, plain otherwise', async () => {
    const br = await rawGet(`${srv.url}/${ASSET}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.body).toString()).toBe(ASSET_TEXT);

    const gz = await rawGet(`${srv.url}/${ASSET}`, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(ASSET_TEXT);

    const plain = await rawGet(`${srv.url}/${ASSET}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(ASSET_TEXT);

    const page = await rawGet(`${srv.url}/leaf`, { 'Accept-Encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.body).toString()).toBe(SERVED_INDEX_HTML);
    const pageGz = await rawGet(`${srv.url}/index.html`, { 'Accept-Encoding': 'gzip;q=1, br;q=0' });
    expect(pageGz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(pageGz.body).toString()).toBe(SERVED_INDEX_HTML);
  });

  it("index.html carries the SUPPORT_PHONE setting for the footer's messaging link", async () => {
    const html = await (await fetch(`${srv.url}/leaf`)).text();
    expect(html).toContain(`<meta name="agrivet-support-phone" content="${SUPPORT_PHONE}">`);
    expect(html).not.toContain('content="SUPPORT_PHONE"');
  });

  it('an unknown /api route is a JSON 404 envelope in Arabic, not index.html', async () => {
    for (const [method, path] of [
      ['GET', '/api/no-such-route'],
      ['GET', '/api/chat/5'],
      ['POST', '/api/no-such-route'],
    ] as const) {
      const res = await fetch(`${srv.url}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      const body = (await res.json()) as { status: number; error: { message: string } };
      expect(body.status).toBe(404);
      expect(body.error.message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('a missing /storage file is a 404, not index.html', async () => {
    const res = await fetch(`${srv.url}/storage/products/missing.webp`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('agrivet-test-index');
  });

  it('a socket with a demo token connects, sits in its rooms, and message:send reaches the other participant', async () => {
    await expect(connectSocket(srv.url, 'not-a-token')).rejects.toThrow('unauthorized');

    const conversation = await fetch(`${srv.url}/api/conversation/create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${farmer.token}` },
      body: JSON.stringify({
        sender_id: farmer.user.id,
        receiver_id: pharmacy.user.id,
        store_id: pharmacy.user.store?.id,
      }),
    }).then(async (r) => ((await r.json()) as { data: Conversation }).data);

    const sender = await connectSocket(srv.url, farmer.token);
    const receiver = await connectSocket(srv.url, pharmacy.token);
    sockets.push(sender, receiver);
    // The receiver joined no conversation room: the push reaches it through its user room.
    const pushed = new Promise<Message>((resolve) => receiver.once('message:new', ({ message }) => resolve(message)));
    const ack = await sender.timeout(10_000).emitWithAck('message:send', {
      conversation_id: conversation.id,
      message: 'مرحبا من الاختبار',
      client_id: 'srv-t1',
    });
    expect(ack.status).toBe(200);
    const message = await pushed;
    expect(message).toMatchObject({ conversation_id: conversation.id, user_id: farmer.user.id, client_id: 'srv-t1' });
    expect('data' in ack && ack.data).toEqual(message);
  });

  it('writes over REST (no socket) reach the other participant’s socket live, each once; a retried client_id pushes nothing', async () => {
    const post = async <T>(path: string, body: unknown, token: string) => {
      const res = await fetch(`${srv.url}/api/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      return ((await res.json()) as { data: T }).data;
    };
    const conversation = await post<Conversation>(
      'conversation/create',
      { sender_id: farmer.user.id, receiver_id: pharmacy.user.id, store_id: pharmacy.user.store?.id },
      farmer.token,
    );
    const store = await connectSocket(srv.url, pharmacy.token);
    const buyer = await connectSocket(srv.url, farmer.token);
    sockets.push(store, buyer);
    await buyer.timeout(10_000).emitWithAck('conversation:join', { conversation_id: conversation.id });
    const heard = { store: [] as string[], buyer: [] as string[] };
    store.onAny((event: string) => heard.store.push(event));
    buyer.onAny((event: string) => heard.buyer.push(event));
    // each write is followed by waiting for its push; a marker message at the end settles the counts
    const pushed = (socket: TestSocket, event: string) =>
      new Promise((resolve) => socket.once(event as never, resolve));
    const body = { conversation_id: conversation.id, message: 'عبر REST', client_id: 'srv-rest-1' };
    let arrived = pushed(store, 'message:new');
    const message = await post<Message>('message/create', body, farmer.token);
    await arrived;
    await post<Message>('message/create', body, farmer.token); // the retry
    arrived = pushed(buyer, 'conversation:read');
    await post(`conversation/update/${conversation.id}`, { last_read_message_id: message.id }, pharmacy.token);
    await arrived;
    arrived = pushed(store, 'message:deleted');
    await post(`message/delete/${message.id}`, {}, farmer.token);
    await arrived;
    const products = await fetch(`${srv.url}/api/product/getAll?store_id=${pharmacy.user.store?.id}`).then(
      async (r) => ((await r.json()) as { data: { data: { id: number; price: string }[] } }).data.data,
    );
    arrived = pushed(store, 'order:new');
    const order = await post<{ id: number }>(
      'order/create',
      {
        store_id: pharmacy.user.store?.id,
        total: products[0].price,
        items: [{ product_id: products[0].id, quantity: 1 }],
        delivery: { province: 1, address: 'دمشق، المزة', phone: '0944000111' },
        client_id: 'srv-order-1',
      },
      farmer.token,
    );
    await arrived;
    arrived = pushed(buyer, 'order:status');
    await post(`order/update/${order.id}`, { status: 1 }, pharmacy.token);
    await arrived;
    // the marker itself (the order cards of CONTRACT.md §8 are message:new events too)
    const marker = (socket: TestSocket) =>
      new Promise<void>((resolve) => {
        const on = ({ message }: { message: Message }) => {
          if (message.message !== 'marker') return;
          socket.off('message:new', on as never);
          resolve();
        };
        socket.on('message:new', on as never);
      });
    const settled = Promise.all([marker(store), marker(buyer)]);
    await post('message/create', { conversation_id: conversation.id, message: 'marker' }, farmer.token);
    await settled;
    // order/create and order/update each write an order card into the buyer's conversation (message:new)
    expect(heard.store).toEqual([
      'message:new',
      'message:deleted',
      'order:new',
      'message:new',
      'order:status',
      'message:new',
      'message:new',
    ]);
    expect(heard.buyer).toEqual([
      'message:new',
      'conversation:read',
      'message:deleted',
      'message:new',
      'order:status',
      'message:new',
      'message:new',
    ]);
  });

  it('close(): connected sockets are disconnected, the port is released, a second close is harmless', async () => {
    const socket = await connectSocket(srv.url, farmer.token);
    sockets.push(socket);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    await srv.running.close();
    expect(await disconnected).toMatch(/transport close|io server disconnect/);
    await expect(fetch(`${srv.url}/api/health`)).rejects.toThrow();
    await srv.running.close();
  });
});
