/**
 * The outbox never gives up on a write whose connection keeps dropping before the acknowledgement: a
 * text and an order are resent with their client_id until stored, exactly once; a refusal leaves it.
 */
import type { Message, Order, Product } from '@agrivet/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type OutboxItem, RealtimeClient } from '@agrivet/realtime';
import {
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
const clients: RealtimeClient[] = [];
/** Events whose connection the relay drops right after taking them in (the write goes on, its ack is lost). */
const drops = new Map<string, number>();

beforeAll(async () => {
  api = await startApi();
  relay = await startRelay(api.apiUrl);
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

it('a text and an order whose connection drops before the ack on many connections in a row are stored exactly once', async () => {
  const buyer = await registerFarmer(api.apiUrl); // no orders nor messages yet
  const pharmacy = await login(api.apiUrl, DEMO.pharmacy);
  const chat = await conversationWith(api.apiUrl, buyer, pharmacy);
  const product: Product = await firstProduct(api.apiUrl, pharmacy, buyer.token);
  const c = new RealtimeClient({
    reconnectionDelayMs: 50,
    reconnectionDelayMaxMs: 100,
    retryBaseMs: 20,
    retryMaxMs: 50,
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
    // beside the text, the order's card (CONTRACT.md §8: an order writes a card into the buyer's conversation
    // with that store), once
    expect(thread.messages.filter((m) => m.card === null)).toHaveLength(1);
    expect(thread.messages.filter((m) => m.card?.type === 'order')).toHaveLength(1);
    expect(thread.messages).toHaveLength(2);
    const orders = await apiGet<{ data: Order[] }>(api.apiUrl, 'order/getAll-byUser', buyer.token);
    expect(orders.data.filter((o) => o.client_id === order.item.client_id)).toHaveLength(1);
    expect(orders.data).toHaveLength(1);
    expect(c.pending()).toHaveLength(0);
  } finally {
    drops.clear();
  }
}, 30_000);
