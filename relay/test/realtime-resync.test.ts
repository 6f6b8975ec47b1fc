/**
 * RealtimeClient against the real relay and API: a message the relay never pushed (a relay that
 * died between the API's 200 and its publish) arrives through the periodic re-sync without a
 * reconnect; the periodic re-sync pauses while the page is hidden and runs at once when it is
 * shown; pushes that overtook each other reach the UI in id order; refreshIdentity() joins the
 * rooms of a store created after connecting.
 */
import type { AuthPayload, Conversation, Message, Order, Product } from '@agrivet/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectionStatus, RealtimeClient, type RealtimeOptions } from '@agrivet/realtime';
import { sleep, until } from './helpers/sockets';
import {
  type Account,
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
  withoutEvents,
} from './helpers/stack';

let api: RunningApi;
let relay: RunningRelay;
let pharmacy: Account;
const clients: RealtimeClient[] = [];

function client(account: Account, options: RealtimeOptions = {}): RealtimeClient {
  const c = new RealtimeClient({ apiUrl: api.apiUrl, reconnectionDelayMs: 100, retryBaseMs: 50, ...options });
  clients.push(c);
  c.connect(relay.url, account.token);
  return c;
}

/** A new farmer and a new conversation of theirs with the demo pharmacy. */
async function freshConversation(): Promise<{ farmer: Account; conversation: Conversation }> {
  const farmer = await registerFarmer(api.apiUrl);
  const conversation = await conversationWith(api.apiUrl, farmer, pharmacy);
  return { farmer, conversation };
}

/** A message written through the REST API: stored, but its event is lost (no relay pushes it). */
function storeUnpushed(farmer: Account, conversation: Conversation, text: string): Promise<Message> {
  return withoutEvents(api, () =>
    apiPost<Message>(
      api.apiUrl,
      'message/create',
      { conversation_id: conversation.id, user_id: farmer.user.id, message: text },
      farmer.token,
    ),
  );
}

const ids = (messages: readonly Message[]) => messages.map((m) => m.id);

beforeAll(async () => {
  api = await startApi();
  relay = await startRelay(api.apiUrl);
  pharmacy = await login(api.apiUrl, DEMO.pharmacy);
});

afterAll(async () => {
  for (const c of clients) c.close();
  await relay?.close();
  await api?.close();
});

describe('periodic re-sync', () => {
  it('a message that was never pushed arrives without a reconnect; every message once, in id order', async () => {
    const { farmer, conversation } = await freshConversation();
    const sender = client(farmer, { resyncIntervalMs: 0 });
    const receiver = client(pharmacy, { resyncIntervalMs: 300 });
    const statuses: ConnectionStatus[] = [];
    receiver.onStatus((s) => statuses.push(s));
    const stream: Message[] = [];
    receiver.on('message:new', ({ message }) => {
      if (message.conversation_id === conversation.id) stream.push(message);
    });
    expect((await receiver.openConversation(conversation.id)).status).toBe(200);
    expect((await sender.openConversation(conversation.id)).status).toBe(200);

    const first = await sender.sendMessage({ conversation_id: conversation.id, message: 'أولى' }).done;
    await until(() => stream.length === 1, 5_000, 'the first push');
    const lost = await storeUnpushed(farmer, conversation, 'لم تُدفع');
    const third = await sender.sendMessage({ conversation_id: conversation.id, message: 'ثالثة' }).done;
    await until(() => stream.length === 3, 5_000, 'the unpushed message through the periodic re-sync');
    await sleep(700); // two more periods: nothing is delivered twice

    const stored = [('data' in first && first.data.id) || 0, lost.id, ('data' in third && third.data.id) || 0];
    expect(new Set(ids(stream))).toEqual(new Set(stored));
    expect(stream).toHaveLength(3);
    expect(ids(receiver.messages(conversation.id))).toEqual(stored);
    expect(statuses).toEqual(['online']); // no reconnect (it was 'connecting' before the listener)
  });

  it('pauses while the page is hidden and re-syncs at once when it becomes visible', async () => {
    const page = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
    Object.defineProperty(globalThis, 'document', { value: page, configurable: true });
    try {
      const { farmer, conversation } = await freshConversation();
      const often = client(pharmacy, { resyncIntervalMs: 150 });
      const rarely = client(pharmacy, { resyncIntervalMs: 600_000 });
      const got = { often: [] as number[], rarely: [] as number[] };
      often.on('message:new', ({ message }) => got.often.push(message.id));
      rarely.on('message:new', ({ message }) => got.rarely.push(message.id));
      await often.openConversation(conversation.id);
      await rarely.openConversation(conversation.id);
      await sleep(300); // the opening re-syncs (answered after the joins) are over

      const lost = await storeUnpushed(farmer, conversation, 'أثناء الإخفاء');
      await sleep(800); // five periods of `often`, all paused
      expect(got).toEqual({ often: [], rarely: [] });

      page.visibilityState = 'visible';
      page.dispatchEvent(new Event('visibilitychange'));
      // `rarely` has no period due for ten minutes: only the immediate re-sync can bring it.
      await until(() => got.often.length === 1 && got.rarely.length === 1, 5_000, 're-sync on visible');
      expect(got).toEqual({ often: [lost.id], rarely: [lost.id] });
    } finally {
      Reflect.deleteProperty(globalThis, 'document');
    }
  });
});

describe('ordering', () => {
  it('pushes that overtook each other (several relays) reach message:new listeners in id order', async () => {
    const { conversation } = await freshConversation();
    const receiver = client(pharmacy, { resyncIntervalMs: 0 });
    const stream: number[] = [];
    receiver.on('message:new', ({ message }) => stream.push(message.id));
    await receiver.openConversation(conversation.id);
    await until(() => receiver.status === 'online', 5_000, 'online');
    const base = 50_000_000;
    const fake = (id: number): Message => ({
      id,
      conversation_id: conversation.id,
      user_id: pharmacy.user.id,
      message: `m${id}`,
      image: null,
      attachment: null,
      deleted: false,
      client_id: null,
      card: null,
      auto: false,
      created_at: new Date().toISOString(),
    });
    // Straight from the relay's server, as relays publishing through Redis in another order would.
    const room = relay.relay.io.to(`user:${pharmacy.user.id}`);
    // A first push, delivered once the opening re-sync is over (it buffers and sorts by itself).
    room.emit('message:new', { message: fake(base) });
    await until(() => stream.length === 1, 5_000, 'the conversation is live');
    for (const id of [base + 3, base + 1, base + 2, base + 1]) room.emit('message:new', { message: fake(id) });
    await until(() => stream.length === 4, 5_000, 'three more pushes');
    await sleep(300);
    expect(stream).toEqual([base, base + 1, base + 2, base + 3]);
    expect(ids(receiver.messages(conversation.id))).toEqual([base, base + 1, base + 2, base + 3]);
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

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'document');
});
