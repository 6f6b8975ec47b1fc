/**
 * RealtimeClient against the real relay and API: after a reconnect an open conversation is re-synced
 * by ONE request (the relay's join GET carries after_id) and what was missed arrives once;
 * refreshIdentity() joins the rooms of a store created after connecting.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthPayload, Conversation, Message, Order, Product } from '@agrivet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectionStatus, RealtimeClient, type RealtimeOptions } from '@agrivet/realtime';
import { CuttableProxy } from './helpers/processes';
import { sleep, until } from './helpers/sockets';
import {
  type Account,
  apiEvents,
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

let api: RunningApi;
let relay: RunningRelay;
let pharmacy: Account;
/** Every request the relay made to the API (path and query). */
const apiRequests: string[] = [];
let counter: Server;
const clients: RealtimeClient[] = [];

function client(account: Account, options: RealtimeOptions = {}, url = relay.url): RealtimeClient {
  const c = new RealtimeClient({ reconnectionDelayMs: 100, reconnectionDelayMaxMs: 200, retryBaseMs: 50, ...options });
  clients.push(c);
  c.connect(url, account.token);
  return c;
}

/** A new farmer and a new conversation of theirs with the demo pharmacy. */
async function freshConversation(): Promise<{ farmer: Account; conversation: Conversation }> {
  const farmer = await registerFarmer(api.apiUrl);
  const conversation = await conversationWith(api.apiUrl, farmer, pharmacy);
  return { farmer, conversation };
}

/** A message written through the REST API. */
function storeOverRest(farmer: Account, conversation: Conversation, text: string): Promise<Message> {
  return apiPost<Message>(
    api.apiUrl,
    'message/create',
    { conversation_id: conversation.id, user_id: farmer.user.id, message: text },
    farmer.token,
  );
}

/** An HTTP pass-through in front of the API that records each request. */
async function countingProxy(target: string): Promise<{ server: Server; url: string }> {
  const to = new URL(target);
  const server = createServer((req, res) => {
    apiRequests.push(req.url ?? '');
    const out = request(
      { host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  api = await startApi();
  const proxy = await countingProxy(api.url);
  counter = proxy.server;
  relay = await startRelay(`${proxy.url}/api`, { relay: { events: apiEvents(api) } });
  pharmacy = await login(api.apiUrl, DEMO.pharmacy);
});

afterAll(async () => {
  for (const c of clients) c.close();
  await relay?.close();
  counter?.closeAllConnections();
  await new Promise((r) => counter?.close(r));
  await api?.close();
});

/**
 * The pharmacy's client through a link the test cuts. socket.io's own retry waits a minute: the test
 * decides when the link is back (reconnectNow, what the app calls when the device comes back online).
 */
async function overCuttableLink(run: (receiver: RealtimeClient, link: CuttableProxy) => Promise<void>) {
  const link = new CuttableProxy(relay.port);
  await link.start();
  try {
    const slow = { reconnectionDelayMs: 60_000, reconnectionDelayMaxMs: 60_000 };
    await run(client(pharmacy, slow, `http://127.0.0.1:${link.port}`), link);
  } finally {
    await link.close();
  }
}

/** Resolves on the next join's answer for the conversation (the re-sync after reconnectNow). */
function nextJoin(receiver: RealtimeClient, conversationId: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const off = receiver.onJoin((id) => {
      if (id !== conversationId) return;
      off();
      resolve();
    });
  });
}

describe('re-sync after a reconnect', () => {
  it('one request per open conversation brings what was missed, each message once', async () => {
    const { farmer, conversation } = await freshConversation();
    await overCuttableLink(async (receiver, link) => {
      const stream: number[] = [];
      receiver.on('message:new', ({ message }) => {
        if (message.conversation_id === conversation.id) stream.push(message.id);
      });
      const first = await storeOverRest(farmer, conversation, 'قبل الفتح');
      const second = await storeOverRest(farmer, conversation, 'قبل الفتح أيضاً');
      // The screen shows messages up to `first`: the opening join brings what is newer.
      const opened = await receiver.openConversation(conversation.id, first.id);
      expect('data' in opened && opened.data.messages.map((m) => m.id)).toEqual([second.id]);
      expect(stream).toEqual([second.id]);

      const joins: ConnectionStatus[] = [];
      receiver.onStatus((s) => joins.push(s));
      link.cut();
      await until(() => receiver.status !== 'online', 5_000, 'offline');
      // Written over REST while the receiver is away.
      const missed = [
        await storeOverRest(farmer, conversation, 'أثناء الانقطاع ١'),
        await storeOverRest(farmer, conversation, 'أثناء الانقطاع ٢'),
      ];
      const before = apiRequests.length;
      const rejoined = nextJoin(receiver, conversation.id);
      receiver.reconnectNow();
      await rejoined;
      const threadRequests = apiRequests.slice(before).filter((p) => p.includes(`conversation/get/${conversation.id}`));
      // Fewer than 20 messages since the screen's newest: the re-sync asks from there.
      expect(threadRequests).toEqual([`/api/conversation/get/${conversation.id}?after_id=${first.id}`]);
      await until(() => stream.length === 3, 5_000, 'the missed messages');
      await sleep(300); // a late duplicate (a push of the same message) would show here
      expect([...stream].sort((a, b) => a - b)).toEqual([second.id, ...missed.map((m) => m.id)]);
      expect(joins).toContain('online');
    });
  });

  it('messages deleted while away are reported deleted by the re-sync, each once', async () => {
    const { farmer, conversation } = await freshConversation();
    await overCuttableLink(async (receiver, link) => {
      const deleted: number[] = [];
      receiver.on('message:deleted', ({ conversation_id, message_id }) => {
        if (conversation_id === conversation.id) deleted.push(message_id);
      });
      const stream: number[] = [];
      receiver.on('message:new', ({ message }) => {
        if (message.conversation_id === conversation.id) stream.push(message.id);
      });
      const older = await storeOverRest(farmer, conversation, 'ستُحذف وأنت غائب');
      const kept = await storeOverRest(farmer, conversation, 'تبقى');
      const shown = await storeOverRest(farmer, conversation, 'آخر ما على الشاشة');
      // The screen read the thread up to `shown` (REST), then joins: nothing newer.
      await receiver.openConversation(conversation.id, shown.id);
      // Delivered live after the join: the re-sync's overlap will bring it again.
      const live = await storeOverRest(farmer, conversation, 'وصلت مباشرة');
      await until(() => stream.includes(live.id), 5_000, 'the live message');

      link.cut();
      await until(() => receiver.status !== 'online', 5_000, 'offline');
      for (const m of [older, live]) await apiPost(api.apiUrl, `message/delete/${m.id}`, {}, farmer.token);
      const rejoined = nextJoin(receiver, conversation.id);
      receiver.reconnectNow();
      await rejoined; // the deletions are handed on before the join's own listeners
      expect([...deleted].sort((a, b) => a - b)).toEqual([older.id, live.id]);
      expect(deleted).not.toContain(kept.id);
      expect(stream).toEqual([live.id]); // nothing delivered twice
    });
  });

  it('a refused join (not a participant) is no longer tracked', async () => {
    const { conversation } = await freshConversation();
    const stranger = client(await registerFarmer(api.apiUrl));
    const joined = await stranger.openConversation(conversation.id);
    expect(joined.status).toBe(403);
  });
});

describe('refreshIdentity', () => {
  it('a store account that created its store after connecting gets order:new after refreshIdentity()', async () => {
    const phone = `0966${String(process.pid % 1000).padStart(3, '0')}001`;
    const owner = await apiPost<AuthPayload>(api.apiUrl, 'auth/register', {
      phone,
      name: 'صيدلية جديدة',
      type: 1,
      password: 'store1234',
      password_confirmation: 'store1234',
    });
    const storeAccount: Account = { token: owner.token, user: owner.user };
    const store = client(storeAccount);
    const buyer = client(await registerFarmer(api.apiUrl));
    const newOrders: Order[] = [];
    store.on('order:new', ({ order }) => newOrders.push(order));
    await until(() => store.status === 'online' && buyer.status === 'online', 5_000, 'online');

    const created = await apiPost<{ id: number }>(
      api.apiUrl,
      'store/create',
      { city: 1, address: 'دمشق - المزة', name_store: 'صيدلية الاختبار', type: 0 },
      owner.token,
    );
    const product = await apiPost<Product>(
      api.apiUrl,
      'product/create',
      { name: 'دواء', type: 0, price: 2.5, is_special: false },
      owner.token,
    );
    const order = {
      store_id: created.id,
      total: product.price,
      items: [{ product_id: product.id, quantity: 1 }],
      delivery: DELIVERY,
    };

    expect((await buyer.createOrder(order).done).status).toBe(200);
    await sleep(500);
    expect(newOrders).toEqual([]); // rooms were chosen when the store did not exist yet

    const statuses: ConnectionStatus[] = [];
    store.onStatus((s) => statuses.push(s));
    store.refreshIdentity();
    await until(() => store.status === 'online', 5_000, 'online again');
    expect(statuses).toEqual(['connecting', 'online']);
    const second = await buyer.createOrder(order).done;
    expect(second.status).toBe(200);
    await until(() => newOrders.length === 1, 5_000, 'order:new after refreshIdentity');
    expect(newOrders[0].id).toBe('data' in second ? second.data.id : -1);
  });
});
