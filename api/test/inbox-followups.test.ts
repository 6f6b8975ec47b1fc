/**
 * Issue 21's follow-ups (CONTRACT.md §8): no away reply into a blocked conversation or from a
 * blocked store account; the store's reply_minutes refreshed at most once per 5 minutes (by the
 * API's clock) with the answers in between counted by the trailing refresh; the inbox's customer
 * province and one customer's orders with the store (order/getAll-byStore?user_id).
 */
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { flushReplyMinutes, pendingReplyMinutes, replyAnswered } from '../src/services/inbox';
import { expectRefusal } from './helpers/envelope';
import type { SignedIn } from './helpers/factories';
import { useTestApi } from './helpers/test-api';

/** Wednesday 2026-11-25 23:00 in Damascus (20:00 UTC). */
const NIGHT = Date.parse('2026-11-25T20:00:00.000Z');
const clock = { now: NIGHT };
const t = useTestApi({ now: () => clock.now });
const MINUTE = 60_000;

type Auth = { Authorization: string };
const post = (auth: Auth | undefined, path: string, body: Record<string, unknown> = {}) =>
  request(t.app)
    .post(`/api/${path}`)
    .set(auth ?? {})
    .send(body);
const get = (auth: Auth | undefined, path: string) =>
  request(t.app)
    .get(`/api/${path}`)
    .set(auth ?? {});
const say = (who: SignedIn, conversationId: number, message: string) =>
  post(who.auth, 'message/create', { conversation_id: conversationId, message });

async function storeWithCustomer(overrides: { province?: number | null } = {}) {
  const owner = await t.make.loginAs('store');
  const farmer = await t.make.signIn(await t.make.user({ province: overrides.province ?? null }));
  const conv = await t.make.conversation(farmer.user.id, owner.store!);
  return { owner, farmer, conv, store: owner.store! };
}

describe('the away reply and blocks', () => {
  /** Open Sunday to Thursday 08:00–17:00 (Damascus): closed at NIGHT. */
  const weekdays = [0, 1, 2, 3, 4].map((day) => ({ day, open: '08:00', close: '17:00' }));
  const autos = async (who: SignedIn, id: number) =>
    (await get(who.auth, `conversation/get/${id}`)).body.data.messages.filter((m: { auto: boolean }) => m.auto)
      .length as number;

  it('is not sent into a conversation the customer blocked, nor by a store account the admin blocked', async () => {
    clock.now = NIGHT;
    const { owner, farmer, conv, store } = await storeWithCustomer();
    await post(owner.auth, `store/update/${store.id}`, { hours: weekdays, away_message: 'مغلق الآن' });

    // the customer blocked the store in this conversation (and may still write to it)
    expect((await post(farmer.auth, `conversation/block/${conv.id}`, { blocked: true })).status).toBe(200);
    expect((await say(farmer, conv.id, 'مساء الخير')).status).toBe(200);
    expect(await autos(farmer, conv.id)).toBe(0);
    // unblocked: the away reply comes (the slot was not used up by the blocked message)
    await post(farmer.auth, `conversation/block/${conv.id}`, { blocked: false });
    await say(farmer, conv.id, 'هل من أحد؟');
    expect(await autos(farmer, conv.id)).toBe(1);

    // the store blocked the customer: they cannot write at all (403), so nothing answers them
    clock.now = NIGHT + 13 * 3_600_000 + 12 * 3_600_000; // a day later, closed again
    await post(owner.auth, `conversation/block/${conv.id}`, { blocked: true });
    expectRefusal(await say(farmer, conv.id, 'مرحبا'), 'blocked');
    expect(await autos(farmer, conv.id)).toBe(1);
    await post(owner.auth, `conversation/block/${conv.id}`, { blocked: false });

    // the admin blocked the store's account: no automatic reply in its name
    await t.db
      .updateTable('users')
      .set({ blocked_at: new Date(clock.now).toISOString() })
      .where('id', '=', owner.user.id)
      .execute();
    expect((await say(farmer, conv.id, 'مرحبا')).status).toBe(200);
    expect(await autos(farmer, conv.id)).toBe(1);
    await t.db.updateTable('users').set({ blocked_at: null }).where('id', '=', owner.user.id).execute();
    await say(farmer, conv.id, 'مرحبا مرة أخرى');
    expect(await autos(farmer, conv.id)).toBe(2);
  });
});

describe('reply_minutes, throttled per store', () => {
  it('refreshes on the first answer, counts the next ones within 5 minutes in one trailing refresh', async () => {
    clock.now = NIGHT + 100 * 24 * 3_600_000; // far from the other tests' replies
    const owner = await t.make.loginAs('store');
    const store = owner.store!;
    const minutes = async () => (await get(owner.auth, `store/get/${store.id}`)).body.data.reply_minutes;
    const customers = [];
    for (let i = 0; i < 6; i++) {
      const c = await t.make.signIn(await t.make.user());
      customers.push({ who: c, conv: await t.make.conversation(c.user.id, store) });
    }
    // five customers write; the store answers them one after another, 30 minutes later, 30 s apart
    const start = clock.now;
    for (const { who, conv } of customers.slice(0, 5)) expect((await say(who, conv.id, 'سؤال')).status).toBe(200);
    clock.now = start + 30 * MINUTE;
    for (const [i, { conv }] of customers.slice(0, 5).entries()) {
      clock.now = start + 30 * MINUTE + i * 30_000;
      expect((await say(owner, conv.id, 'جواب')).status).toBe(200);
    }
    // the first answer refreshed (1 conversation: null); the four after it wait for the trailing refresh
    expect(await minutes()).toBeNull();
    expect(pendingReplyMinutes(t.db)).toEqual([store.id]);
    // the trailing refresh (the throttle's timer, run here at once) counts all five: waits 30…32 min, median 31
    expect(await flushReplyMinutes(t.db, () => new Date(clock.now))).toEqual([store.id]);
    expect(await minutes()).toBe(31);
    expect(pendingReplyMinutes(t.db)).toEqual([]);

    // 5 minutes after that refresh, the next answer refreshes at once
    const sixth = customers[5]!;
    await say(sixth.who, sixth.conv.id, 'سؤال');
    clock.now += 5 * MINUTE;
    await say(owner, sixth.conv.id, 'جواب'); // waited 5 minutes: median of 30, 30.5, 31, 31.5, 32, 5 → 30.75
    expect(pendingReplyMinutes(t.db)).toEqual([]);
    expect(await minutes()).toBe(31);
    // the store's replies that end no wait never touch it
    await say(owner, sixth.conv.id, 'شيء آخر');
    expect(pendingReplyMinutes(t.db)).toEqual([]);
  });
});

describe('the store’s last activity, written at most once a minute', () => {
  it('moves with a reply a minute or more after the last one written, not with the replies in between', async () => {
    clock.now = NIGHT;
    const { owner, farmer, conv, store } = await storeWithCustomer();
    const lastActive = async () => (await get(owner.auth, `store/get/${store.id}`)).body.data.last_active_at;
    await say(farmer, conv.id, 'مرحبا');
    await say(owner, conv.id, 'أهلا');
    expect(await lastActive()).toBe(new Date(NIGHT).toISOString());
    clock.now = NIGHT + 30_000;
    await say(owner, conv.id, 'تفضل');
    expect(await lastActive()).toBe(new Date(NIGHT).toISOString());
    clock.now = NIGHT + MINUTE;
    await say(owner, conv.id, 'هل من سؤال؟');
    expect(await lastActive()).toBe(new Date(NIGHT + MINUTE).toISOString());
  });
});

describe('the wait ends once', () => {
  it('two replies of the store at once record one reply time; the next wait starts and ends again', async () => {
    clock.now = NIGHT;
    const { owner, farmer, conv } = await storeWithCustomer();
    const replyTimes = async () =>
      (await t.db.selectFrom('reply_times').select('seconds').where('conversation_id', '=', conv.id).execute()).map(
        (r) => r.seconds,
      );
    const waiting = async () =>
      (await t.db.selectFrom('conversations').select('waiting_since').where('id', '=', conv.id).executeTakeFirst())
        ?.waiting_since ?? null;
    await say(farmer, conv.id, 'سؤال');
    expect(await waiting()).not.toBeNull();
    clock.now = NIGHT + 2 * MINUTE;
    const statuses = await Promise.all([say(owner, conv.id, 'جواب'), say(owner, conv.id, 'جواب آخر')]);
    expect(statuses.map((r) => r.status)).toEqual([200, 200]);
    expect(await replyTimes()).toEqual([120]);
    expect(await waiting()).toBeNull();
    // (5 minutes after the first answer: reply_minutes refreshes at once, no trailing timer is left)
    clock.now = NIGHT + 7 * MINUTE;
    await say(farmer, conv.id, 'سؤال ثان');
    clock.now = NIGHT + 8 * MINUTE;
    await say(owner, conv.id, 'جواب ثان');
    expect((await replyTimes()).sort((a, b) => a - b)).toEqual([60, 120]);
    expect(await waiting()).toBeNull();
  });
});

describe('reply_minutes, the throttle’s timer', () => {
  it('refreshes a pending store by itself once the interval is over', async () => {
    const owner = await t.make.loginAs('store');
    const store = owner.store!;
    const frozen = () => new Date(NIGHT + 200 * 24 * 3_600_000);
    // five answered waits of 10 minutes, written straight into reply_times
    const convs = [];
    for (let i = 0; i < 5; i++) {
      convs.push(await t.make.conversation((await t.make.user()).id, store));
    }
    const stored = async () =>
      (
        await t.db
          .selectFrom('store_activity')
          .select('reply_minutes')
          .where('store_id', '=', store.id)
          .executeTakeFirst()
      )?.reply_minutes ?? null;
    const every = 50; // ms: this test's interval (the product's is 5 minutes)
    expect(await replyAnswered(t.db, store.id, frozen, every)).toBe('refreshed');
    expect(await stored()).toBeNull();
    await t.db
      .insertInto('reply_times')
      .values(
        convs.map((c) => ({
          store_id: store.id,
          conversation_id: c.id,
          seconds: 600,
          replied_at: frozen().toISOString(),
        })),
      )
      .execute();
    expect(await replyAnswered(t.db, store.id, frozen, every)).toBe('pending');
    // the timer runs the trailing refresh: wait for its result, not for a time
    await vi.waitFor(async () => expect(await stored()).toBe(10), { timeout: 5_000, interval: 20 });
    expect(pendingReplyMinutes(t.db)).toEqual([]);
  });
});

describe('the customer panel', () => {
  it('shows the customer’s province (their own, else their last order’s) and their orders with this store', async () => {
    clock.now = NIGHT;
    const { owner, farmer, conv, store } = await storeWithCustomer();
    const product = await t.make.product(store.id, { price_cents: 1000 });
    await say(farmer, conv.id, 'مرحبا');
    const row = async () =>
      (await get(owner.auth, 'conversation/inbox?filter=all')).body.data.data.find(
        (r: { id: number }) => r.id === conv.id,
      );
    expect((await row()).customer).toMatchObject({ province: null, orders_count: 0 });

    const place = async (who: SignedIn, storeId: number, productId: number, province: number) => {
      const res = await post(who.auth, 'order/create', {
        store_id: storeId,
        total: '10.00',
        items: [{ product_id: productId, quantity: 1 }],
        delivery: { province, address: 'حمص، الوعر', phone: '0944000111' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id as number;
    };
    const first = await place(farmer, store.id, product.id, 4);
    const second = await place(farmer, store.id, product.id, 5);
    expect((await row()).customer).toMatchObject({ province: 5, orders_count: 2 });
    // their own province wins
    await t.db.updateTable('users').set({ province: 2 }).where('id', '=', farmer.user.id).execute();
    expect((await row()).customer.province).toBe(2);

    // another customer's order, and this customer's order with another store, are not theirs here
    const other = await t.make.signIn(await t.make.user());
    await place(other, store.id, product.id, 1);
    const elsewhere = await t.make.loginAs('store');
    const foreign = await t.make.product(elsewhere.store!.id, { price_cents: 1000 });
    await place(farmer, elsewhere.store!.id, foreign.id, 1);

    const list = async (who: SignedIn, q: string) => {
      const res = await get(who.auth, `order/getAll-byStore${q}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.data.map((o: { id: number }) => o.id);
    };
    expect(await list(owner, `?user_id=${farmer.user.id}`)).toEqual([second, first]);
    expect(await list(owner, `?user_id=${farmer.user.id}&status=0&stage=new`)).toEqual([second, first]);
    expect(await list(elsewhere, `?user_id=${farmer.user.id}`)).toHaveLength(1);
    const admin = await t.make.loginAs('admin');
    expect(await list(admin, `?user_id=${farmer.user.id}`)).toHaveLength(3);
    for (const q of ['?user_id=abc', '?user_id=-1', '?user_id=1.5']) {
      const res = await get(owner.auth, `order/getAll-byStore${q}`);
      expectRefusal(res, 'validation_failed');
      expect(res.body.error.message).toMatch(/[\u0600-\u06FF]/);
    }
    expectRefusal(await get(farmer.auth, `order/getAll-byStore?user_id=${farmer.user.id}`), 'forbidden');
  });
});
