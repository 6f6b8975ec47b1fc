/**
 * The outbox never jams: oversized images are refused up front, and a large image whose connection
 * keeps dropping fails. It never gives up on anything else: a text or an order whose connection keeps
 * dropping before the acknowledgement is resent until it is stored, exactly once.
 */
import { apiMessages, type Conversation, LIMITS, type Message, type Order, type Product } from '@agrivet/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  LOST_SEND_FAILURE,
  MemoryOutboxStorage,
  mayExceedFrameCap,
  type OutboxItem,
  RealtimeClient,
} from '@agrivet/realtime';
import {
  type Account,
  apiGet,
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
let conversation: Conversation;
const clients: RealtimeClient[] = [];
/** Events whose connection the relay drops right after taking them in (the write goes on, its ack is lost). */
const drops = new Map<string, number>();

beforeAll(async () => {
  api = await startApi();
  relay = await startRelay(api.apiUrl);
  farmer = await login(api.apiUrl, DEMO.farmer);
  const pharmacy = await login(api.apiUrl, DEMO.pharmacy);
  conversation = await conversationWith(api.apiUrl, farmer, pharmacy);
  relay.relay.io.on('connection', (socket) => {
    socket.use(([event], next) => {
      next();
      const left = drops.get(event) ?? 0;
      if (left > 0) {
        drops.set(event, left - 1);
        socket.conn.close(); // a flaky link: the forward to the API goes on, the ack never arrives
      }
    });
  });
});

afterAll(async () => {
  for (const c of clients) c.close();
  await relay?.close();
  await api?.close();
});

/** A JPEG header then zeros: as large as asked. */
function jpeg(bytes: number): Uint8Array {
  const image = new Uint8Array(bytes);
  image.set([0xff, 0xd8, 0xff, 0xe0]);
  return image;
}

it('an image over the limit fails at once with a 413 and the text sent after it is delivered', async () => {
  const c = new RealtimeClient({ apiUrl: api.apiUrl, reconnectionDelayMs: 100, retryBaseMs: 50 });
  clients.push(c);
  c.connect(relay.url, farmer.token);
  const big = c.sendMessage({ conversation_id: conversation.id, image: jpeg(LIMITS.imageMaxBytes + 600 * 1024) });
  const text = c.sendMessage({ conversation_id: conversation.id, message: 'بعد الصورة الكبيرة' });
  const refused = await big.done;
  expect(refused).toEqual({ status: 413, error: { code: 'too_large', message: apiMessages.ar.fileTooLarge } });
  expect(big.item.state).toBe('failed');
  const sent = await text.done;
  expect(sent.status).toBe(200);
  expect((sent as { data: Message }).data.message).toBe('بعد الصورة الكبيرة');
  expect(c.pending()).toHaveLength(0);
});

it('a stored write the relay keeps dropping the connection for fails after maxLostSends; the next write goes through', async () => {
  // Queued by an older client (before the size check) and restored from storage after a reload.
  const storage = new MemoryOutboxStorage();
  const stuck: OutboxItem = {
    client_id: 'legacy-oversized',
    event: 'message:send',
    payload: { conversation_id: conversation.id, image: jpeg(LIMITS.imageMaxBytes + 600 * 1024) },
    state: 'pending',
    attempts: 0,
    queued_at: Date.now(),
  };
  storage.save([stuck]);
  const c = new RealtimeClient({
    apiUrl: api.apiUrl,
    storage,
    reconnectionDelayMs: 50,
    reconnectionDelayMaxMs: 100,
    retryBaseMs: 20,
    retryMaxMs: 50,
    maxLostSends: 3,
  });
  clients.push(c);
  const failed: OutboxItem[] = [];
  c.onOutbox((change) => change.type === 'failed' && failed.push(change.item));
  c.connect(relay.url, farmer.token);
  const text = c.sendMessage({ conversation_id: conversation.id, message: 'بعد العنصر العالق' });
  const sent = await text.done;
  expect(sent.status).toBe(200);
  expect(failed.map((i) => [i.client_id, i.error?.status, i.attempts])).toEqual([['legacy-oversized', 413, 3]]);
  // the message says the connection keeps dropping, not that the file is too large
  expect(failed[0].error?.message).toBe(LOST_SEND_FAILURE.message);
  expect(failed[0].error?.message).not.toBe(apiMessages.ar.fileTooLarge);
  expect(storage.load()).toEqual([]);
}, 20_000);

it('only an image message near the relay frame cap can be given up on', () => {
  const text = { event: 'message:send', payload: { conversation_id: 1, message: 'x'.repeat(LIMITS.messageMax) } };
  const order = { event: 'order:create', payload: { store_id: 1, total: 1, items: [] } };
  const small = { event: 'message:send', payload: { conversation_id: 1, image: jpeg(1024 * 1024) } };
  const nearCap = { event: 'message:send', payload: { conversation_id: 1, image: jpeg(LIMITS.imageMaxBytes) } };
  const over = { event: 'message:send', payload: { conversation_id: 1, image: jpeg(LIMITS.socketMaxFrameBytes) } };
  expect([text, order, small, nearCap, over].map((i) => mayExceedFrameCap(i as OutboxItem))).toEqual([
    false,
    false,
    false,
    true,
    true,
  ]);
});

it('a text and an order whose connection drops before the ack on many connections in a row are stored exactly once', async () => {
  const buyer = await registerFarmer(api.apiUrl); // no orders nor messages yet
  const pharmacy = await login(api.apiUrl, DEMO.pharmacy);
  const chat = await conversationWith(api.apiUrl, buyer, pharmacy);
  const product: Product = await firstProduct(api.apiUrl, pharmacy, buyer.token);
  const c = new RealtimeClient({
    apiUrl: api.apiUrl,
    reconnectionDelayMs: 50,
    reconnectionDelayMaxMs: 100,
    retryBaseMs: 20,
    retryMaxMs: 50,
    maxLostSends: 3,
  });
  clients.push(c);
  const failed: OutboxItem[] = [];
  c.onOutbox((change) => change.type === 'failed' && failed.push(change.item));
  drops.set('message:send', 8);
  drops.set('order:create', 8);
  try {
    c.connect(relay.url, buyer.token);
    const text = c.sendMessage({ conversation_id: chat.id, message: 'رسالة عبر اتصال متقطع' });
    const order = c.createOrder({
      store_id: product.store_id,
      total: product.price,
      items: [{ product_id: product.id, quantity: 1 }],
      delivery: DELIVERY,
    });
    const [sentText, sentOrder] = await Promise.all([text.done, order.done]);
    expect(sentText.status).toBe(200);
    expect(sentOrder.status).toBe(200);
    expect(failed).toEqual([]);
    expect(drops.get('message:send')).toBe(0);
    expect(drops.get('order:create')).toBe(0);
    expect(text.item.attempts).toBeGreaterThanOrEqual(9);
    expect(order.item.attempts).toBeGreaterThanOrEqual(9);

    const thread = await apiGet<{ messages: Message[] }>(api.apiUrl, `conversation/get/${chat.id}`, buyer.token);
    expect(thread.messages.filter((m) => m.client_id === text.item.client_id)).toHaveLength(1);
    expect(thread.messages).toHaveLength(1);
    const orders = await apiGet<{ data: Order[] }>(api.apiUrl, 'order/getAll-byUser', buyer.token);
    expect(orders.data.filter((o) => o.client_id === order.item.client_id)).toHaveLength(1);
    expect(orders.data).toHaveLength(1);
    expect(c.pending()).toHaveLength(0);
  } finally {
    drops.clear();
  }
}, 30_000);
