/** RealtimeClient against the real relay and API: pushes, outbox outcomes, session end. */
import { apiMessages, type Conversation, type Message, type Order, type Product } from '@agrivet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectionStatus, RealtimeClient } from '@agrivet/realtime';
import { sleep, until } from './helpers/sockets';
import {
  type Account,
  apiGet,
  apiPost,
  conversationWith,
  DELIVERY,
  DEMO,
  firstProduct,
  login,
  registerFarmer,
  type RunningApi,
  type RunningRelay,
  startApi,
  startRelay,
} from './helpers/stack';

let api: RunningApi;
let relay: RunningRelay;
let farmer: Account;
let pharmacy: Account;
let conversation: Conversation;
let product: Product;
const clients: RealtimeClient[] = [];

function client(account: Account): RealtimeClient {
  const c = new RealtimeClient({ reconnectionDelayMs: 100, retryBaseMs: 50 });
  clients.push(c);
  c.connect(relay.url, account.token);
  return c;
}

beforeAll(async () => {
  api = await startApi();
  relay = await startRelay(api.apiUrl);
  farmer = await login(api.apiUrl, DEMO.farmer);
  pharmacy = await login(api.apiUrl, DEMO.pharmacy);
  conversation = await conversationWith(api.apiUrl, farmer, pharmacy);
  product = await firstProduct(api.apiUrl, pharmacy, farmer.token);
});

afterAll(async () => {
  for (const c of clients) c.close();
  await relay?.close();
  await api?.close();
});

describe('RealtimeClient', () => {
  it('goes connecting → online, delivers messages once to both sides, and typing to the other side', async () => {
    const statuses: ConnectionStatus[] = [];
    const sender = new RealtimeClient();
    clients.push(sender);
    sender.onStatus((s) => statuses.push(s));
    sender.connect(relay.url, farmer.token);
    const receiver = client(pharmacy);
    const mine: Message[] = [];
    const theirs: Message[] = [];
    const typing: unknown[] = [];
    sender.on('message:new', ({ message }) => mine.push(message));
    receiver.on('message:new', ({ message }) => theirs.push(message));
    receiver.on('typing', (t) => typing.push(t));
    expect((await sender.openConversation(conversation.id, 0)).status).toBe(200);
    expect((await receiver.openConversation(conversation.id, 0)).status).toBe(200);
    expect(statuses).toEqual(['connecting', 'online']);

    const q = sender.sendMessage({ conversation_id: conversation.id, message: 'سلام' });
    expect(sender.pending().map((i) => i.client_id)).toEqual([q.item.client_id]);
    const res = await q.done;
    expect(res.status).toBe(200);
    expect(q.item.state).toBe('sent');
    await until(() => theirs.length === 1 && mine.length === 1, 5_000, 'message on both sides');
    expect(theirs[0]).toEqual(mine[0]);
    expect(theirs[0].client_id).toBe(q.item.client_id);

    sender.typing(conversation.id, true);
    await until(() => typing.length === 1, 5_000, 'typing');
    expect(typing[0]).toEqual({ conversation_id: conversation.id, user_id: farmer.user.id, typing: true });
  });

  it('opening a conversation delivers the history after lastMessageId, in order', async () => {
    const history = await apiGet<{ messages: Message[] }>(
      api.apiUrl,
      `conversation/get/${conversation.id}`,
      farmer.token,
    );
    const late = client(pharmacy);
    const got: number[] = [];
    late.on('message:new', ({ message }) => got.push(message.id));
    await late.openConversation(conversation.id, 0);
    await until(() => got.length === history.messages.length, 5_000, 'history');
    expect(got).toEqual(history.messages.map((m) => m.id));
  });

  it('deleteMessage: the author deletes, both sides hear message:deleted; the other side is refused; offline is a 503', async () => {
    const author = client(farmer);
    const other = client(pharmacy);
    const heard: { conversation_id: number; message_id: number }[] = [];
    other.on('message:deleted', (p) => heard.push(p));
    await until(() => author.status === 'online' && other.status === 'online', 5_000, 'online');
    const sent = await author.sendMessage({ conversation_id: conversation.id, message: 'أُرسلت خطأً' }).done;
    if (!('data' in sent)) throw new Error('not sent');
    // not the store's to delete
    const refused = await other.deleteMessage(sent.data.id);
    expect(refused.status).toBe(403);
    const deleted = await author.deleteMessage(sent.data.id);
    expect(deleted.status).toBe(200);
    expect('data' in deleted && deleted.data.deleted).toBe(true);
    await until(() => heard.length === 1, 5_000, 'message:deleted');
    expect(heard[0]).toEqual({ conversation_id: conversation.id, message_id: sent.data.id });
    author.close();
    const offline = await author.deleteMessage(sent.data.id);
    expect(offline.status).toBe(503);
    expect('error' in offline && offline.error.code).toBe('internal');
  });

  it('a write the API refuses leaves the outbox as failed with the Arabic error', async () => {
    const outsider = client(await registerFarmer(api.apiUrl));
    const q = outsider.sendMessage({ conversation_id: conversation.id, message: 'لا يحق لي' });
    const res = await q.done;
    expect(res.status).toBe(403);
    expect(q.item.state).toBe('failed');
    expect(q.item.error?.message).toMatch(/[\u0600-\u06FF]/);
    expect(outsider.pending()).toEqual([]);
  });

  it('orders: order:new reaches the store, order:status the buyer', async () => {
    const buyer = client(farmer);
    const store = client(pharmacy);
    const newOrders: Order[] = [];
    const statusChanges: Order[] = [];
    store.on('order:new', ({ order }) => newOrders.push(order));
    buyer.on('order:status', ({ order }) => statusChanges.push(order));
    await until(() => buyer.status === 'online' && store.status === 'online', 5_000, 'online');
    const created = await buyer.createOrder({
      store_id: product.store_id,
      total: product.price,
      items: [{ product_id: product.id, quantity: 1 }],
      delivery: DELIVERY,
    }).done;
    expect(created.status).toBe(200);
    const order = 'data' in created ? created.data : undefined;
    await until(() => newOrders.length === 1, 5_000, 'order:new');
    expect(newOrders[0].id).toBe(order?.id);
    expect((await store.updateOrder({ order_id: order!.id, status: 1 }).done).status).toBe(200);
    await until(() => statusChanges.length === 1, 5_000, 'order:status');
    expect(statusChanges[0]).toMatchObject({ id: order?.id, status: 1 });
  });

  it('a refused token ends the session', async () => {
    const c = new RealtimeClient();
    clients.push(c);
    let ended = 0;
    c.onSessionEnded(() => ended++);
    c.connect(relay.url, 'not-a-token');
    await until(() => ended === 1, 5_000, 'session end');
    expect(c.status).toBe('offline');
  });

  it('after a revoked token is used, the client is disconnected and its session ends', async () => {
    const session = await login(api.apiUrl, DEMO.vet);
    const c = client(session);
    const reasons: (string | undefined)[] = [];
    c.onSessionEnded((reason) => reasons.push(reason));
    await until(() => c.status === 'online', 5_000, 'online');
    await apiPost(api.apiUrl, 'auth/logout', {}, session.token);
    const res = await c.updateOrder({ order_id: 1, status: 1 }).done;
    expect(res.status).toBe(401);
    await until(() => reasons.length === 1, 5_000, 'session end after revocation');
    // the API's words for why, passed on by the relay (a block's say so: relay.test.ts)
    expect(reasons).toEqual([apiMessages.ar.invalidToken]);
  });

  it('a client the relay replaced (more sockets than the account may open) stays offline', async () => {
    const capped = await startRelay(api.apiUrl, { relay: { maxSocketsPerUser: 1 } });
    try {
      const older = new RealtimeClient({ reconnectionDelayMs: 50, reconnectionDelayMaxMs: 100 });
      const newer = new RealtimeClient({ reconnectionDelayMs: 50, reconnectionDelayMaxMs: 100 });
      clients.push(older, newer);
      older.connect(capped.url, farmer.token);
      await until(() => older.status === 'online', 5_000, 'the first socket online');
      const statuses: ConnectionStatus[] = [];
      older.onStatus((s) => statuses.push(s));
      newer.connect(capped.url, farmer.token);
      await until(() => newer.status === 'online' && older.status === 'offline', 5_000, 'the older one replaced');
      older.reconnectNow(); // coming back online does not bring it back either
      await sleep(300); // a reconnect (which would close the newer socket) would show here
      expect(statuses).toEqual(['offline']);
      expect(newer.status).toBe('online');
    } finally {
      await capped.close();
    }
  });
});
