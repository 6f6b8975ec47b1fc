/**
 * The relay against the REAL API (fresh SQLite with the demo data): every event of CONTRACT.md §4,
 * every refusal, and no push to anyone outside the listed rooms. The pushes come from the API's
 * events after commit (heard in process, as `npm start` wires them); relay-events.test.ts writes
 * over REST.
 */
import {
  type ApiResponse,
  apiMessages,
  type Conversation,
  type Message,
  type Order,
  type Product,
} from '@agrivet/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  apiGet,
  apiPost,
  conversationWith,
  DELIVERY,
  DEMO,
  login,
  registerFarmer,
  type RunningApi,
  type RunningRelay,
  startApi,
  startRelay,
} from './helpers/stack';
import { relayMessages } from '../src/messages';
import { TYPING_LIMIT } from '../src/rate-limit';
import { call, connect, Recorder, sleep, type TestSocket, until } from './helpers/sockets';

let api: RunningApi;
let relay: RunningRelay;
let farmer: Account;
let pharmacy: Account;
let admin: Account;
let outsider: Account;
let conversation: Conversation;
let product: Product;
const sockets: TestSocket[] = [];

async function open(account: Account): Promise<{ socket: TestSocket; pushes: Recorder }> {
  const socket = await connect(relay.url, account.token);
  sockets.push(socket);
  return { socket, pushes: new Recorder(socket) };
}

beforeAll(async () => {
  api = await startApi();
  relay = await startRelay(api.apiUrl);
  [farmer, pharmacy, admin] = await Promise.all([
    login(api.apiUrl, DEMO.farmer),
    login(api.apiUrl, DEMO.pharmacy),
    login(api.apiUrl, DEMO.admin),
  ]);
  outsider = await registerFarmer(api.apiUrl);
  const storeId = pharmacy.user.store!.id;
  conversation = await conversationWith(api.apiUrl, farmer, pharmacy);
  const products = await apiGet<{ data: Product[] }>(api.apiUrl, `product/getAll?store_id=${storeId}`, farmer.token);
  product = products.data[0];
});

// each test's sockets close after it (an account has at most 10 open: the oldest would be replaced)
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

afterAll(async () => {
  await relay?.close();
  await api?.close();
});

describe('authentication', () => {
  it('refuses a bad, missing or malformed token with connect_error "unauthorized"', async () => {
    await expect(connect(relay.url, 'not-a-token')).rejects.toThrow('unauthorized');
    await expect(connect(relay.url, undefined)).rejects.toThrow('unauthorized');
    await expect(connect(relay.url, { token: 1 })).rejects.toThrow('unauthorized');
  });

  it('accepts a valid token', async () => {
    const { socket } = await open(farmer);
    expect(socket.connected).toBe(true);
  });
});

describe('conversations and messages', () => {
  it('joins a participant, refuses a non-participant with the API envelope', async () => {
    const { socket } = await open(farmer);
    // the ack is the envelope of the forwarded conversation/get/{id}: the conversation, no history
    const joined = await call<Conversation & { messages: Message[] }>(socket, 'conversation:join', {
      conversation_id: conversation.id,
    });
    expect(joined.status).toBe(200);
    expect('data' in joined && joined.data).toMatchObject({
      id: conversation.id,
      sender: { id: farmer.user.id },
      receiver: { id: pharmacy.user.id },
      messages: [],
    });
    const other = await open(outsider);
    const refused = await call(other.socket, 'conversation:join', { conversation_id: conversation.id });
    expect(refused.status).toBe(403);
    expect('error' in refused && refused.error.message).toMatch(/[\u0600-\u06FF]/);
  });

  it('message:send stores the message and pushes message:new to the room, both participants and admin only', async () => {
    const sender = await open(farmer);
    const senderOtherTab = await open(farmer); // not joined: reached through user:{id}
    const store = await open(pharmacy);
    const boss = await open(admin);
    const stranger = await open(outsider);
    await call(store.socket, 'conversation:join', { conversation_id: conversation.id });
    await call(sender.socket, 'conversation:join', { conversation_id: conversation.id });
    // The stranger tries to join and is refused: it must not receive anything afterwards.
    await call(stranger.socket, 'conversation:join', { conversation_id: conversation.id });

    const ack = await call<Message>(sender.socket, 'message:send', {
      conversation_id: conversation.id,
      message: 'مرحبا، هل يتوفر سماد اليوريا؟',
      client_id: 'relay-test-1',
    });
    expect(ack.status).toBe(200);
    const message = 'data' in ack ? ack.data : undefined;
    expect(message).toMatchObject({
      conversation_id: conversation.id,
      user_id: farmer.user.id,
      client_id: 'relay-test-1',
    });

    for (const who of [sender, senderOtherTab, store, boss]) {
      await until(() => who.pushes.of('message:new').length === 1, 5_000, 'message:new');
      expect(who.pushes.of('message:new')[0]).toEqual({ message });
    }
    await sleep(200);
    expect(stranger.pushes.events).toEqual([]);
  });

  it('the same client_id twice returns the first message (resend after a lost ack)', async () => {
    const { socket } = await open(farmer);
    const payload = { conversation_id: conversation.id, message: 'مرة واحدة فقط', client_id: 'relay-test-dup' };
    const first = await call<Message>(socket, 'message:send', payload);
    const second = await call<Message>(socket, 'message:send', payload);
    expect(first.status).toBe(200);
    expect('data' in second && 'data' in first && second.data.id === first.data.id).toBe(true);
  });

  it('refuses a non-participant send with an error ack and pushes nothing', async () => {
    const store = await open(pharmacy);
    await call(store.socket, 'conversation:join', { conversation_id: conversation.id });
    const stranger = await open(outsider);
    const res = await call(stranger.socket, 'message:send', {
      conversation_id: conversation.id,
      message: 'رسالة دخيلة',
      client_id: 'intruder-1',
    });
    expect(res.status).toBe(403);
    await sleep(200);
    expect(store.pushes.of('message:new')).toEqual([]);
  });

  it('refuses image bytes with 422 (a photo is uploaded first), whatever their size, and pushes nothing', async () => {
    const sender = await open(farmer);
    const store = await open(pharmacy);
    await call(store.socket, 'conversation:join', { conversation_id: conversation.id });
    for (const image of [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]) {
      const refused = await call(sender.socket, 'message:send', {
        conversation_id: conversation.id,
        image,
        client_id: `relay-image-${image.length}`,
      });
      expect(refused).toEqual({
        status: 422,
        error: {
          code: 'validation_failed',
          message: apiMessages.ar.validation,
          fields: { image: relayMessages.imageOverSocket },
        },
      });
    }
    expect(sender.socket.connected).toBe(true);
    await sleep(200);
    expect(store.pushes.of('message:new')).toEqual([]);
  });

  it('message:send passes fields it does not use on to the API: an upload_id becomes the attachment', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#c05621' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const uploaded = await fetch(`${api.apiUrl}/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${farmer.token}` },
      body: form,
    }).then((r) => r.json() as Promise<{ status: number; data: { upload_id: number } }>);
    expect(uploaded.status).toBe(200);
    const sender = await open(farmer);
    const ack = await call<Message>(sender.socket, 'message:send', {
      conversation_id: conversation.id,
      upload_id: uploaded.data.upload_id,
      client_id: 'relay-upload-1',
    });
    expect(ack.status).toBe(200);
    expect('data' in ack && ack.data.attachment).toMatchObject({ kind: 'image' });
  });

  it('message:delete deletes the author’s message and pushes message:deleted to the room, both participants and admin only', async () => {
    const sender = await open(farmer);
    const store = await open(pharmacy);
    const boss = await open(admin);
    const stranger = await open(outsider);
    await call(store.socket, 'conversation:join', { conversation_id: conversation.id });
    const sent = await call<Message>(sender.socket, 'message:send', {
      conversation_id: conversation.id,
      message: 'رسالة ستحذف',
      client_id: 'relay-delete-1',
    });
    const id = 'data' in sent ? sent.data.id : 0;
    const byOther = await call(store.socket, 'message:delete', { message_id: id });
    expect(byOther.status).toBe(403);
    expect('error' in byOther && byOther.error.code).toBe('forbidden');
    const malformed = await call(sender.socket, 'message:delete', { message_id: 'x' });
    expect('error' in malformed && malformed.error.code).toBe('validation_failed');
    const deleted = await call<Message>(sender.socket, 'message:delete', { message_id: id });
    expect(deleted.status).toBe(200);
    expect('data' in deleted && deleted.data).toMatchObject({ id, deleted: true, message: null });
    const push = { conversation_id: conversation.id, message_id: id };
    for (const who of [store, boss, sender]) {
      await until(() => who.pushes.of('message:deleted').length === 1, 5_000, 'message:deleted');
      expect(who.pushes.of('message:deleted')).toEqual([push]);
    }
    await sleep(200);
    expect(stranger.pushes.events).toEqual([]);
  });

  it('conversation:read marks read and pushes conversation:read to the room', async () => {
    const reader = await open(pharmacy);
    const other = await open(farmer);
    await call(reader.socket, 'conversation:join', { conversation_id: conversation.id });
    await call(other.socket, 'conversation:join', { conversation_id: conversation.id });
    const sent = await call<Message>(other.socket, 'message:send', {
      conversation_id: conversation.id,
      message: 'اقرأ هذه',
      client_id: 'relay-test-read',
    });
    const id = 'data' in sent ? sent.data.id : 0;
    const res = await call(reader.socket, 'conversation:read', {
      conversation_id: conversation.id,
      last_read_message_id: id,
    });
    expect(res.status).toBe(200);
    // read implies delivered: both current pointers are pushed
    const expected = {
      conversation_id: conversation.id,
      user_id: pharmacy.user.id,
      last_read_message_id: id,
      last_delivered_message_id: id,
    };
    await until(() => other.pushes.of('conversation:read').length === 1, 5_000, 'conversation:read');
    expect(other.pushes.of('conversation:read')[0]).toEqual(expected);
  });

  it('a delivered receipt moves only the delivered pointer and pushes both pointers to the room, not to outsiders', async () => {
    const author = await open(farmer);
    const receiver = await open(pharmacy);
    const stranger = await open(outsider);
    await call(author.socket, 'conversation:join', { conversation_id: conversation.id });
    await call(stranger.socket, 'conversation:join', { conversation_id: conversation.id }); // refused
    const before = await apiGet<Conversation>(
      api.apiUrl,
      `conversation/get/${conversation.id}?before_id=1`,
      pharmacy.token,
    );
    const sent = await call<Message>(author.socket, 'message:send', {
      conversation_id: conversation.id,
      message: 'وصلت؟',
      client_id: 'relay-test-delivered',
    });
    const id = 'data' in sent ? sent.data.id : 0;
    const res = await call<Conversation>(receiver.socket, 'conversation:read', {
      conversation_id: conversation.id,
      last_delivered_message_id: id,
    });
    expect(res.status).toBe(200);
    expect('data' in res && res.data).toMatchObject({
      receiver_last_delivered_id: id,
      receiver_last_read_id: before.receiver_last_read_id,
    });
    await until(() => author.pushes.of('conversation:read').length === 1, 5_000, 'conversation:read');
    expect(author.pushes.of('conversation:read')[0]).toEqual({
      conversation_id: conversation.id,
      user_id: pharmacy.user.id,
      last_read_message_id: before.receiver_last_read_id,
      last_delivered_message_id: id,
    });
    await sleep(200);
    expect(stranger.pushes.events).toEqual([]);
  });

  it('a receipt by a non-participant is refused with the API envelope and pushes nothing', async () => {
    const author = await open(farmer);
    await call(author.socket, 'conversation:join', { conversation_id: conversation.id });
    const stranger = await open(outsider);
    for (const payload of [
      { conversation_id: conversation.id, last_read_message_id: 1 },
      { conversation_id: conversation.id, last_delivered_message_id: 1 },
    ]) {
      const res = await call(stranger.socket, 'conversation:read', payload);
      expect(res.status).toBe(403);
      expect('error' in res && res.error.message).toMatch(/[\u0600-\u06FF]/);
    }
    const bad = await call(author.socket, 'conversation:read', {
      conversation_id: conversation.id,
      last_delivered_message_id: -3,
    });
    expect(bad.status).toBe(422);
    await sleep(200);
    expect(author.pushes.of('conversation:read')).toEqual([]);
    expect(stranger.pushes.events).toEqual([]);
  });

  it('typing reaches the room but not the sender nor their other tabs nor outsiders, only after a join, rate-limited', async () => {
    const typist = await open(farmer);
    const typistOtherTab = await open(farmer);
    const store = await open(pharmacy);
    const stranger = await open(outsider);
    await call(stranger.socket, 'conversation:join', { conversation_id: conversation.id }); // refused
    const notJoined = await call(typist.socket, 'typing', { conversation_id: conversation.id, typing: true });
    expect(notJoined).toEqual({ status: 403, error: { code: 'forbidden', message: 'يجب فتح المحادثة أولاً' } });
    await call(typist.socket, 'conversation:join', { conversation_id: conversation.id });
    await call(typistOtherTab.socket, 'conversation:join', { conversation_id: conversation.id });
    await call(store.socket, 'conversation:join', { conversation_id: conversation.id });
    expect((await call(typist.socket, 'typing', { conversation_id: conversation.id, typing: true })).status).toBe(200);
    await until(() => store.pushes.of('typing').length === 1, 5_000, 'typing');
    expect(store.pushes.of('typing')[0]).toEqual({
      conversation_id: conversation.id,
      user_id: farmer.user.id,
      typing: true,
    });
    await sleep(200);
    expect(typist.pushes.of('typing')).toEqual([]);
    expect(typistOtherTab.pushes.of('typing')).toEqual([]);
    expect(stranger.pushes.events).toEqual([]);
    // per user (TYPING_LIMIT, the first one above included), across the user's tabs
    const answers: ApiResponse<unknown>[] = [];
    for (let i = 0; i < TYPING_LIMIT.points; i++) {
      const tab = i % 2 === 0 ? typist : typistOtherTab;
      answers.push(await call(tab.socket, 'typing', { conversation_id: conversation.id, typing: i % 2 === 0 }));
    }
    expect(answers.slice(0, TYPING_LIMIT.points - 1).every((r) => r.status === 200)).toBe(true);
    expect(answers[TYPING_LIMIT.points - 1]).toEqual({
      status: 429,
      error: { code: 'rate_limited', message: apiMessages.ar.tooManyRequests, retry_after: expect.any(Number) },
    });
    const wait = (answers[TYPING_LIMIT.points - 1] as { error: { retry_after: number } }).error.retry_after;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(TYPING_LIMIT.duration);
  });

  it('conversation:leave leaves the room', async () => {
    const store = await open(pharmacy);
    await call(store.socket, 'conversation:join', { conversation_id: conversation.id });
    expect(await call(store.socket, 'conversation:leave', { conversation_id: conversation.id })).toEqual({
      status: 200,
      data: { conversation_id: conversation.id },
    });
    const typist = await open(farmer);
    await call(typist.socket, 'conversation:join', { conversation_id: conversation.id });
    await call(typist.socket, 'typing', { conversation_id: conversation.id, typing: true });
    await sleep(200);
    expect(store.pushes.of('typing')).toEqual([]);
  });
});

describe('orders', () => {
  it('order:create → order:new to the store and admin only; order:update by the buyer is refused, by the store pushes order:status', async () => {
    const buyer = await open(farmer);
    const store = await open(pharmacy);
    const boss = await open(admin);
    const stranger = await open(outsider);

    const created = await call<Order>(buyer.socket, 'order:create', {
      store_id: product.store_id,
      total: product.price,
      items: [{ product_id: product.id, quantity: 1 }],
      delivery: DELIVERY,
      client_id: 'relay-order-1',
    });
    expect(created.status).toBe(200);
    const order = 'data' in created ? created.data : undefined;
    expect(order).toMatchObject({ user_id: farmer.user.id, store_id: product.store_id, client_id: 'relay-order-1' });
    for (const who of [store, boss]) {
      await until(() => who.pushes.of('order:new').length === 1, 5_000, 'order:new');
      expect(who.pushes.of('order:new')[0]).toEqual({ order });
    }

    const byBuyer = await call(buyer.socket, 'order:update', { order_id: order!.id, status: 1 });
    expect(byBuyer.status).toBe(403);
    expect('error' in byBuyer && byBuyer.error.message).toMatch(/[\u0600-\u06FF]/);
    // A plain refusal (code forbidden) ends nothing: only subscription_expired and unauthenticated do.
    expect('error' in byBuyer && byBuyer.error.code).toBe('forbidden');
    expect(buyer.socket.connected).toBe(true);

    const updated = await call<Order>(store.socket, 'order:update', { order_id: order!.id, status: 1 });
    expect(updated.status).toBe(200);
    const changed = 'data' in updated ? updated.data : undefined;
    expect(changed?.status).toBe(1);
    for (const who of [buyer, store, boss]) {
      await until(() => who.pushes.of('order:status').length === 1, 5_000, 'order:status');
      expect(who.pushes.of('order:status')[0]).toEqual({ order: changed });
    }
    await sleep(200);
    expect(buyer.pushes.of('order:new')).toEqual([]);
    expect(stranger.pushes.events).toEqual([]);
  });

  it('a wrong total is refused with the API 422 envelope', async () => {
    const { socket } = await open(farmer);
    const res = await call(socket, 'order:create', {
      store_id: product.store_id,
      total: '0.01',
      items: [{ product_id: product.id, quantity: 3 }],
      delivery: DELIVERY,
      client_id: 'relay-order-bad-total',
    });
    expect(res.status).toBe(422);
  });
});

describe('malformed input never crashes the relay', () => {
  it('answers 422 in Arabic for malformed payloads and 413 for oversized ones', async () => {
    const { socket } = await open(farmer);
    for (const [event, payload] of [
      ['conversation:join', 'x'],
      ['conversation:join', { conversation_id: -1 }],
      ['message:send', { conversation_id: conversation.id, message: ['مرحبا'], client_id: 'm' }],
      ['message:send', { conversation_id: 'x', message: 'مرحبا', client_id: 'm' }],
      ['order:create', { store_id: 1, total: 1, items: 'all', client_id: 'o' }],
      ['order:update', { order_id: 'abc', status: 1 }],
      ['order:create', { store_id: 1, total: 1, items: [{ product_id: 1, quantity: 1 }] }],
      ['conversation:read', { conversation_id: conversation.id }],
      ['conversation:read', { conversation_id: '1/../../auth/user', last_read_message_id: 1 }],
      ['typing', null],
      ['typing', { conversation_id: conversation.id, typing: 'yes' }],
    ] as const) {
      const res = await call(socket, event, payload);
      const what = `${event} ${JSON.stringify(payload)}`;
      expect(res.status, what).toBe(422);
      expect('error' in res && res.error.code, what).toBe('validation_failed');
      expect('error' in res && res.error.message, what).toMatch(/[\u0600-\u06FF]/);
      expect('error' in res && Object.values(res.error.fields ?? {}).join(' '), what).toMatch(/[\u0600-\u06FF]/);
    }
    const huge = await call(socket, 'order:create', {
      store_id: 1,
      total: 1,
      items: [],
      client_id: 'x'.repeat(20_000),
    });
    expect(huge).toEqual({ status: 413, error: { code: 'too_large', message: 'حجم البيانات المرسلة كبير جداً' } });
    const longText = await call(socket, 'message:send', {
      conversation_id: conversation.id,
      message: 'ا'.repeat(5_000),
      client_id: 'long',
    });
    expect([413, 422]).toContain(longText.status);
  });

  it('refuses a flood beyond 32 events in flight on one connection with 429', async () => {
    const { socket } = await open(farmer);
    const statuses = await Promise.all(
      Array.from({ length: 100 }, () =>
        call(socket, 'order:update', { order_id: 999_999, status: 1 }).then((r) => r.status),
      ),
    );
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 429).length).toBeGreaterThanOrEqual(32);
    const refused = await Promise.all(
      Array.from({ length: 40 }, () => call(socket, 'order:update', { order_id: 999_999, status: 1 })),
    );
    for (const r of refused.filter((x) => x.status === 429)) {
      expect(r).toEqual({
        status: 429,
        error: { code: 'rate_limited', message: apiMessages.ar.tooManyRequests, retry_after: 1 },
      });
    }
    expect((await call(socket, 'conversation:join', { conversation_id: conversation.id })).status).toBe(200);
  });

  it('survives events without an acknowledgement callback and unknown events', async () => {
    const { socket } = await open(farmer);
    const raw = socket as unknown as { emit(event: string, ...args: unknown[]): void };
    raw.emit('message:send', { conversation_id: 'x' });
    raw.emit('conversation:join');
    raw.emit('order:create', { store_id: 1, total: 1, items: [], client_id: 'no-ack' });
    raw.emit('no:such-event', { a: 1 });
    await sleep(100);
    expect(socket.connected).toBe(true);
    expect((await call(socket, 'conversation:join', { conversation_id: conversation.id })).status).toBe(200);
  });
});

describe('revoked sessions', () => {
  it('a 403 for a disabled store account disconnects its sockets; it may sign in again (CONTRACT.md §5)', async () => {
    const nursery = await login(api.apiUrl, { phone: '0933333333', password: 'store1234' });
    const storeId = nursery.user.store!.id;
    const products = await apiGet<{ data: Product[] }>(api.apiUrl, `product/getAll?store_id=${storeId}`, farmer.token);
    const item = products.data[0];
    const buyer = await open(farmer);
    const created = await call<Order>(buyer.socket, 'order:create', {
      store_id: storeId,
      total: item.price,
      items: [{ product_id: item.id, quantity: 1 }],
      delivery: DELIVERY,
      client_id: 'relay-disabled-1',
    });
    const order = 'data' in created ? created.data : undefined;
    const { socket } = await open(nursery);
    const secondTab = await open(nursery);
    const disconnected = new Promise<string>((resolve) => secondTab.socket.once('disconnect', resolve));
    await apiPost(api.apiUrl, `user/update/${nursery.user.id}`, { status: 1 }, admin.token);
    const refused = await call(socket, 'order:update', { order_id: order!.id, status: 1 });
    expect(refused).toEqual({
      status: 403,
      error: { code: 'subscription_expired', message: apiMessages.ar.subscriptionExpired },
    });
    expect(await disconnected).toBe('io server disconnect');
    const again = await connect(relay.url, nursery.token);
    expect(again.connected).toBe(true);
    again.close();
    expect(buyer.socket.connected).toBe(true);
  });

  it('a 401 from a forwarded write disconnects the user, and the revoked token cannot reconnect', async () => {
    const session = await login(api.apiUrl, DEMO.vet);
    const { socket } = await open(session);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await apiPost(api.apiUrl, 'auth/logout', {}, session.token);
    const res = await call(socket, 'order:update', { order_id: 1, status: 1 });
    expect(res.status).toBe(401);
    expect(await disconnected).toBe('io server disconnect');
    await expect(connect(relay.url, session.token)).rejects.toThrow('unauthorized');
  });

  it("a refused token's connect_error carries the API's words for why: an ended session, a blocked account", async () => {
    const reason = (token: string) =>
      connect(relay.url, token).then(
        () => 'connected',
        (err: Error & { data?: { message?: string } }) => err.data?.message,
      );
    const ended = await registerFarmer(api.apiUrl);
    await apiPost(api.apiUrl, 'auth/logout', {}, ended.token);
    expect(await reason(ended.token)).toBe(apiMessages.ar.invalidToken);
    const abusive = await registerFarmer(api.apiUrl);
    await apiPost(api.apiUrl, `user/block/${abusive.user.id}`, { blocked: true, reason: 'إساءة' }, admin.token);
    expect(await reason(abusive.token)).toBe(apiMessages.ar.accountBlocked);
  });
});
