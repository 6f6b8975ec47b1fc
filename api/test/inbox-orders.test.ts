/**
 * The store inbox and orders through the chat (CONTRACT.md §8): inbox filters and search, resolve
 * and re-open, quick replies, opening hours and the away reply (with a clock the test controls),
 * reply figures, product and order cards, and the order lifecycle (stages forward only, a reason to
 * reject, the buyer's cancel while new).
 */
import type { ApiEvent } from '@agrivet/shared';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectRefusal } from './helpers/envelope';
import type { SignedIn } from './helpers/factories';
import { useTestApi } from './helpers/test-api';

/** The API's clock: Wednesday 2026-11-25 23:00 in Damascus (20:00 UTC) unless a test moves it. */
const NIGHT = Date.parse('2026-11-25T20:00:00.000Z');
const clock = { now: NIGHT };
const t = useTestApi({ now: () => clock.now });
const HOUR = 3_600_000;

let heard: ApiEvent[] = [];
let stop: () => void = () => {};
beforeEach(() => {
  clock.now = NIGHT;
  heard = [];
  stop = t.events.subscribe((event) => heard.push(event));
});
afterEach(() => stop());

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

async function storeWithCustomer(name = 'أحمد الحلبي', phone?: string) {
  const owner = await t.make.loginAs('store');
  const user = await t.make.user({ name, ...(phone ? { phone } : {}) });
  const farmer = await t.make.signIn(user);
  const conv = await t.make.conversation(farmer.user.id, owner.store!);
  return { owner, farmer, conv, store: owner.store! };
}

const say = (who: SignedIn, conversationId: number, message: string) =>
  post(who.auth, 'message/create', { conversation_id: conversationId, message });

const inbox = async (who: SignedIn, query = '') => {
  const res = await get(who.auth, `conversation/inbox${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { data: Record<string, unknown>[]; total: number };
};

describe('requires authentication', () => {
  it('answers 401 to every new call without a token', async () => {
    for (const res of [
      await get(undefined, 'conversation/inbox'),
      await post(undefined, 'conversation/resolve/1', { resolved: true }),
      await get(undefined, 'quick-reply/getAll'),
      await post(undefined, 'quick-reply/create', { shortcut: 'a', text: 'b' }),
      await post(undefined, 'quick-reply/update/1', { shortcut: 'a', text: 'b' }),
      await post(undefined, 'quick-reply/delete/1'),
      await post(undefined, 'order/cancel/1'),
    ]) {
      expectRefusal(res, 'unauthenticated');
    }
  });
});

describe('inbox', () => {
  it('shows who waits (needs_reply, waiting_since), the customer, and the filters', async () => {
    const { owner, farmer, conv, store } = await storeWithCustomer();
    const quiet = await t.make.conversation((await t.make.user()).id, store); // no messages: not in the inbox
    expect((await inbox(owner, '?filter=all')).total).toBe(0);

    expect((await say(farmer, conv.id, 'هل يتوفر سماد اليوريا؟')).status).toBe(200);
    clock.now += 12 * 60_000;
    await say(farmer, conv.id, 'أنتظر ردكم');
    const waiting = await inbox(owner, '?filter=needs_reply');
    expect(waiting.total).toBe(1);
    expect(waiting.data[0]).toMatchObject({
      id: conv.id,
      needs_reply: true,
      waiting_since: new Date(NIGHT).toISOString(),
      resolved: false,
      unread_count: 2,
      customer: { id: farmer.user.id, name: 'أحمد الحلبي', phone: farmer.user.phone, orders_count: 0 },
    });
    // the default filter is open
    expect((await inbox(owner)).data.map((r) => r.id)).toEqual([conv.id]);
    expect((await inbox(owner, '?filter=resolved')).total).toBe(0);

    // the store answers: no longer waiting, still open
    await say(owner, conv.id, 'نعم متوفر');
    expect((await inbox(owner, '?filter=needs_reply')).total).toBe(0);
    const open = await inbox(owner, '?filter=open');
    expect(open.data[0]).toMatchObject({ needs_reply: false, waiting_since: null });
    expect(quiet.id).not.toBe(conv.id);

    // other stores see nothing of it; the admin sees every store's
    const other = await t.make.loginAs('store');
    expect((await inbox(other, '?filter=all')).total).toBe(0);
    const admin = await t.make.loginAs('admin');
    expect((await inbox(admin, '?filter=all')).data.map((r) => r.id)).toContain(conv.id);
  });

  it('resolves, pushes conversation:updated to the store and the admin, and a new customer message re-opens it', async () => {
    const { owner, farmer, conv, store } = await storeWithCustomer();
    await say(farmer, conv.id, 'شكراً');
    heard = [];
    const resolved = await post(owner.auth, `conversation/resolve/${conv.id}`, { resolved: true });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toMatchObject({ id: conv.id, resolved: true });
    expect(heard).toEqual([
      {
        event: 'conversation:updated',
        rooms: [`store:${store.id}`, 'admin'],
        payload: { conversation: expect.objectContaining({ id: conv.id, resolved: true }) },
      },
    ]);
    expect((await inbox(owner, '?filter=resolved')).data.map((r) => r.id)).toEqual([conv.id]);
    expect((await inbox(owner, '?filter=open')).total).toBe(0);
    expect((await inbox(owner, '?filter=needs_reply')).total).toBe(0);
    // resolving again changes nothing and tells nobody
    heard = [];
    expect((await post(owner.auth, `conversation/resolve/${conv.id}`, { resolved: true })).status).toBe(200);
    expect(heard).toEqual([]);

    await say(farmer, conv.id, 'سؤال آخر');
    expect(heard.map((e) => e.event)).toEqual(['message:new', 'conversation:updated']);
    expect((await inbox(owner, '?filter=needs_reply')).data.map((r) => r.id)).toEqual([conv.id]);

    // re-open by hand
    await post(owner.auth, `conversation/resolve/${conv.id}`, { resolved: true });
    const reopened = await post(owner.auth, `conversation/resolve/${conv.id}`, { resolved: false });
    expect(reopened.body.data.resolved).toBe(false);
  });

  it('searches the customer’s name and phone and the messages, Arabic-normalised', async () => {
    const { owner, farmer, conv, store } = await storeWithCustomer('أحمد الحلبي', '0933123456');
    await say(farmer, conv.id, 'عندي مشكلة في الطماطم');
    const second = await t.make.signIn(await t.make.user({ name: 'سارة' }));
    const conv2 = await t.make.conversation(second.user.id, store);
    await say(second, conv2.id, 'أريد سماداً للزيتون');
    const ids = async (q: string) =>
      (await inbox(owner, `?filter=all&q=${encodeURIComponent(q)}`)).data.map((r) => r.id);
    expect(await ids('احمد')).toEqual([conv.id]); // أ = ا
    expect(await ids('٠٩٣٣١٢')).toEqual([conv.id]); // Arabic-Indic digits
    // the phone as WhatsApp shows it: the international form finds the stored 09…
    expect(await ids('+963 933 123 456')).toEqual([conv.id]);
    expect(await ids('00963933123456')).toEqual([conv.id]);
    expect(await ids('0933-123-456')).toEqual([conv.id]);
    expect(await ids('الطماطم')).toEqual([conv.id]);
    expect(await ids('سَماداً')).toEqual([conv2.id]); // tashkeel ignored
    expect(await ids('لا شيء هنا')).toEqual([]);
    expect(await ids('')).toHaveLength(2);
    // the admin searches across stores
    const admin = await t.make.loginAs('admin');
    expect((await inbox(admin, `?filter=all&q=${encodeURIComponent('زيتون')}`)).data.map((r) => r.id)).toEqual([
      conv2.id,
    ]);
  });

  it('?id= gives one conversation\u2019s row whatever the filter, and nothing of another store', async () => {
    const { owner, farmer, conv } = await storeWithCustomer('ليلى الحموي');
    await say(farmer, conv.id, 'مرحبا');
    await post(owner.auth, `conversation/resolve/${conv.id}`, { resolved: true });
    // resolved: out of the default filter (open), still its row by id
    expect((await inbox(owner, '')).data.map((c) => c.id)).not.toContain(conv.id);
    const one = await inbox(owner, `?id=${conv.id}`);
    expect(one.total).toBe(1);
    expect(one.data[0]).toMatchObject({ id: conv.id, resolved: true, customer: { name: 'ليلى الحموي' } });
    const other = await t.make.loginAs('store');
    expect((await inbox(other, `?id=${conv.id}`)).total).toBe(0);
  });

  it('refuses bad input with an Arabic 422 and other people with 403/404', async () => {
    const { owner, farmer, conv } = await storeWithCustomer();
    for (const query of ['?filter=soon', '?page_number=x', `?q=${'a'.repeat(101)}`, '?id=abc', '?id=0', '?id=1&id=2']) {
      const res = await get(owner.auth, `conversation/inbox${query}`);
      expectRefusal(res, 'validation_failed');
      expect(res.body.error.message).toMatch(/[\u0600-\u06FF]/);
    }
    expectRefusal(await get(farmer.auth, 'conversation/inbox'), 'forbidden');
    expectRefusal(await post(farmer.auth, `conversation/resolve/${conv.id}`, { resolved: true }), 'forbidden');
    const other = await t.make.loginAs('store');
    expectRefusal(await post(other.auth, `conversation/resolve/${conv.id}`, { resolved: true }), 'forbidden');
    expectRefusal(
      await post(owner.auth, `conversation/resolve/${conv.id}`, { resolved: 'maybe' }),
      'validation_failed',
    );
    expectRefusal(await post(owner.auth, `conversation/resolve/${conv.id}`, {}), 'validation_failed');
    expectRefusal(await post(owner.auth, 'conversation/resolve/999999', { resolved: true }), 'not_found');
    expectRefusal(await post(owner.auth, 'conversation/resolve/abc', { resolved: true }), 'not_found');
  });
});

describe('quick replies', () => {
  it('creates, lists, updates and deletes a store’s saved replies', async () => {
    const owner = await t.make.loginAs('store');
    const created = await post(owner.auth, 'quick-reply/create', {
      shortcut: '/سعر',
      text: '  السعر على صفحة المنتج  ',
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toEqual({ id: expect.any(Number), shortcut: 'سعر', text: 'السعر على صفحة المنتج' });
    await post(owner.auth, 'quick-reply/create', { shortcut: 'hours1', text: 'نفتح من 8 إلى 5' });
    const list = await get(owner.auth, 'quick-reply/getAll');
    expect(list.body.data.map((r: { shortcut: string }) => r.shortcut).sort()).toEqual(['hours1', 'سعر'].sort());

    const id = created.body.data.id;
    const updated = await post(owner.auth, `quick-reply/update/${id}`, { shortcut: 'price', text: 'السعر 5$' });
    expect(updated.body.data).toEqual({ id, shortcut: 'price', text: 'السعر 5$' });
    // another store's reply is not found for this one; nor by farmers
    const other = await t.make.loginAs('store');
    expectRefusal(await post(other.auth, `quick-reply/update/${id}`, { shortcut: 'x', text: 'y' }), 'not_found');
    expectRefusal(await post(other.auth, `quick-reply/delete/${id}`), 'not_found');
    expect((await get(other.auth, 'quick-reply/getAll')).body.data).toEqual([]);
    const farmer = await t.make.loginAs('farmer');
    expectRefusal(await get(farmer.auth, 'quick-reply/getAll'), 'forbidden');

    expect((await post(owner.auth, `quick-reply/delete/${id}`)).body.data).toEqual({ id });
    expectRefusal(await post(owner.auth, `quick-reply/delete/${id}`), 'not_found');
  });

  it('keeps shortcuts unique per store (409), 1–30 letters or digits, text ≤ 1000, at most 100', async () => {
    const owner = await t.make.loginAs('store');
    await post(owner.auth, 'quick-reply/create', { shortcut: 'hello', text: 'أهلاً' });
    const taken = await post(owner.auth, 'quick-reply/create', { shortcut: 'hello', text: 'مرحباً' });
    expectRefusal(taken, 'conflict');
    expect(taken.body.error.fields).toHaveProperty('shortcut');
    const second = await post(owner.auth, 'quick-reply/create', { shortcut: 'bye', text: 'مع السلامة' });
    expectRefusal(
      await post(owner.auth, `quick-reply/update/${second.body.data.id}`, { shortcut: 'hello', text: 'x' }),
      'conflict',
    );
    // another store may use the same shortcut
    const other = await t.make.loginAs('store');
    expect((await post(other.auth, 'quick-reply/create', { shortcut: 'hello', text: 'أهلاً' })).status).toBe(200);

    for (const body of [
      { shortcut: '', text: 'x' },
      { shortcut: 'two words', text: 'x' },
      { shortcut: 'a'.repeat(31), text: 'x' },
      { shortcut: 'a-b', text: 'x' },
      { shortcut: 'ok', text: '' },
      { shortcut: 'ok', text: 'x'.repeat(1001) },
      { shortcut: 'ok', text: 'bad\u0000' },
      { shortcut: ['ok'], text: 'x' },
    ]) {
      const res = await post(owner.auth, 'quick-reply/create', body);
      expectRefusal(res, 'validation_failed');
    }
    expect(
      (await post(owner.auth, 'quick-reply/create', { shortcut: 'a'.repeat(30), text: 'x'.repeat(1000) })).status,
    ).toBe(200);

    // the 100th is accepted, the 101st refused
    const now = new Date().toISOString();
    const have = (await get(owner.auth, 'quick-reply/getAll')).body.data.length as number;
    await t.db
      .insertInto('quick_replies')
      .values(
        Array.from({ length: 99 - have }, (_, i) => ({
          store_id: owner.store!.id,
          shortcut: `bulk${i}`,
          text: 'نص',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    expect((await post(owner.auth, 'quick-reply/create', { shortcut: 'last', text: 'x' })).status).toBe(200);
    const over = await post(owner.auth, 'quick-reply/create', { shortcut: 'over', text: 'x' });
    expectRefusal(over, 'validation_failed');
    expect(over.body.error.fields.shortcut).toMatch(/100/);
  });
});

describe('opening hours and the away reply', () => {
  /** Open Sunday to Thursday 08:00–17:00 (Damascus): closed at NIGHT, open at NIGHT − 9 h. */
  const weekdays = [0, 1, 2, 3, 4].map((day) => ({ day, open: '08:00', close: '17:00' }));

  it('store/update takes hours and the away message; the store JSON shows open_now with the clock', async () => {
    const { owner, store } = await storeWithCustomer();
    const set = await post(owner.auth, `store/update/${store.id}`, {
      hours: weekdays,
      away_message: 'نحن مغلقون الآن، نرد عليك صباحاً',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({
      hours: weekdays,
      away_message: 'نحن مغلقون الآن، نرد عليك صباحاً',
      open_now: false,
      reply_minutes: null,
      last_active_at: null,
    });
    // a visitor's (cached) store page follows the clock too
    expect((await get(undefined, `store/get/${store.id}`)).body.data.open_now).toBe(false);
    clock.now = NIGHT - 9 * HOUR; // 14:00 Wednesday
    expect((await get(undefined, `store/get/${store.id}`)).body.data.open_now).toBe(true);
    expect((await get(owner.auth, `store/get/${store.id}`)).body.data.open_now).toBe(true);
    // the full form keeps working, with or without the new fields; a multipart form sends hours as JSON text
    const full = await request(t.app)
      .post(`/api/store/update/${store.id}`)
      .set(owner.auth)
      .field('city', '1')
      .field('address', 'دمشق')
      .field('name_store', 'صيدلية النور')
      .field('type', '0')
      .field('hours', JSON.stringify([{ day: 5, open: '22:00', close: '02:00' }]))
      .field('away_message', '');
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(full.body.data).toMatchObject({ hours: [{ day: 5, open: '22:00', close: '02:00' }], away_message: null });
    // empty hours: always open
    const always = await post(owner.auth, `store/update/${store.id}`, { hours: [] });
    expect(always.body.data).toMatchObject({ hours: [], open_now: true });

    for (const body of [
      { hours: [{ day: 7, open: '08:00', close: '17:00' }] },
      { hours: [{ day: 1, open: '8am', close: '17:00' }] },
      { hours: [{ day: 1, open: '08:00', close: '24:30' }] },
      { hours: 'always' },
      { away_message: 'x'.repeat(501) },
      { away_message: 'bad\u0007' },
    ]) {
      const res = await post(owner.auth, `store/update/${store.id}`, body);
      expectRefusal(res, 'validation_failed');
    }
  });

  it('answers a customer who writes while closed, once per conversation in 12 hours, pushed like any message', async () => {
    const { owner, farmer, conv, store } = await storeWithCustomer();
    await post(owner.auth, `store/update/${store.id}`, { hours: weekdays, away_message: 'مغلق الآن' });
    heard = [];
    await say(farmer, conv.id, 'مساء الخير');
    const auto = heard
      .filter((e) => e.event === 'message:new')
      .map((e) => (e.payload as { message: { user_id: number; message: string; auto: boolean } }).message);
    expect(auto).toHaveLength(2);
    expect(auto[1]).toMatchObject({ user_id: owner.user.id, message: 'مغلق الآن', auto: true, card: null });
    // the away reply is not an answer: the customer still waits
    expect((await inbox(owner, '?filter=needs_reply')).data.map((r) => r.id)).toEqual([conv.id]);

    const count = async () =>
      (await get(farmer.auth, `conversation/get/${conv.id}`)).body.data.messages.filter(
        (m: { auto: boolean }) => m.auto,
      ).length;
    clock.now += 11 * HOUR; // 10:00 Thursday: open
    await say(farmer, conv.id, 'صباح الخير');
    expect(await count()).toBe(1);
    clock.now = NIGHT + 2 * HOUR; // still within 12 h of the first, closed
    await say(farmer, conv.id, 'هل من أحد؟');
    expect(await count()).toBe(1);
    clock.now = NIGHT + 12 * HOUR + 60_000; // Thursday 11:01: open again
    await say(farmer, conv.id, 'مرحبا');
    expect(await count()).toBe(1);
    clock.now = NIGHT + 24 * HOUR; // Thursday 23:00: closed, 24 h later
    await say(farmer, conv.id, 'مرة أخرى');
    expect(await count()).toBe(2);
    // the store's own messages never trigger it; no away message, no reply
    await say(owner, conv.id, 'نعتذر عن التأخير');
    expect(await count()).toBe(2);
    await post(owner.auth, `store/update/${store.id}`, { away_message: null });
    clock.now = NIGHT + 48 * HOUR;
    await say(farmer, conv.id, 'مساء الخير');
    expect(await count()).toBe(2);
  });
});

describe('reply figures', () => {
  it('reply_minutes is the median over 30 days, null under 5 answered conversations; stats for the store and the admin', async () => {
    const owner = await t.make.loginAs('store');
    const store = owner.store!;
    const waits = [2, 4, 10, 20, 30];
    for (const [i, minutes] of waits.entries()) {
      const customer = await t.make.signIn(await t.make.user());
      const conv = await t.make.conversation(customer.user.id, store);
      clock.now = NIGHT + i * HOUR;
      await say(customer, conv.id, 'سؤال');
      clock.now += minutes * 60_000;
      await say(owner, conv.id, 'جواب');
      // signed in: computed now (a visitor's copy may be up to 5 minutes old, services/store-hours.ts)
      const json = (await get(owner.auth, `store/get/${store.id}`)).body.data;
      expect(json.reply_minutes).toBe(i < 4 ? null : 10);
      expect(json.last_active_at).toBe(new Date(clock.now).toISOString());
    }
    // one waiting now, for 15 minutes
    const late = await t.make.signIn(await t.make.user());
    const lateConv = await t.make.conversation(late.user.id, store);
    await say(late, lateConv.id, 'أنتظر');
    clock.now += 15 * 60_000;
    const stats = await get(owner.auth, 'stats/store');
    expect(stats.body.data.replies).toEqual({
      median_first_reply_minutes: 10,
      waiting_now: 1,
      longest_wait_minutes: 15,
    });
    const admin = await t.make.loginAs('admin');
    const all = (await get(admin.auth, 'stats/admin')).body.data.replies;
    expect(all.waiting_now).toBeGreaterThanOrEqual(1);
    expect(all.longest_wait_minutes).toBeGreaterThanOrEqual(15);
    expect(all.median_first_reply_minutes).not.toBeNull();
    // 31 days later the window is empty
    clock.now += 31 * 24 * HOUR;
    expect((await get(owner.auth, 'stats/store')).body.data.replies.median_first_reply_minutes).toBeNull();
  });
});

describe('product cards', () => {
  it('sends a product of the conversation’s store as a card; another store’s product is 422', async () => {
    const { owner, farmer, conv, store } = await storeWithCustomer();
    const product = await t.make.product(store.id, { name: 'سماد يوريا', price_cents: 1250 });
    const sent = await post(owner.auth, 'message/create', { conversation_id: conv.id, product_id: product.id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({
      message: null,
      auto: false,
      card: { type: 'product', product_id: product.id, name: 'سماد يوريا', price: '12.50', image: product.image },
    });
    // the farmer sends one from a product page, with words
    const withText = await post(farmer.auth, 'message/create', {
      conversation_id: conv.id,
      product_id: product.id,
      message: 'هل هذا مناسب؟',
    });
    expect(withText.body.data).toMatchObject({ message: 'هل هذا مناسب؟', card: { product_id: product.id } });
    // plain messages carry card: null
    expect((await say(farmer, conv.id, 'شكراً')).body.data.card).toBeNull();

    const foreign = await t.make.product((await t.make.loginAs('store')).store!.id);
    const refused = await post(owner.auth, 'message/create', { conversation_id: conv.id, product_id: foreign.id });
    expectRefusal(refused, 'validation_failed');
    expect(refused.body.error.fields).toHaveProperty('product_id');
    expectRefusal(
      await post(owner.auth, 'message/create', { conversation_id: conv.id, product_id: 99999999 }),
      'validation_failed',
    );
    expectRefusal(
      await post(owner.auth, 'message/create', { conversation_id: conv.id, product_id: 'abc' }),
      'validation_failed',
    );
  });
});

describe('order lifecycle and order cards', () => {
  async function shop() {
    const { owner, farmer, conv, store } = await storeWithCustomer();
    const product = await t.make.product(store.id, { price_cents: 1250 });
    const place = async () => {
      const res = await post(farmer.auth, 'order/create', {
        store_id: store.id,
        total: '25.00',
        items: [{ product_id: product.id, quantity: 2 }],
        delivery: { province: 1, address: 'دمشق، المزة', phone: '0944000111' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { id: number; conversation_id: number; stage: string };
    };
    const cards = async () =>
      (await get(farmer.auth, `conversation/get/${conv.id}`)).body.data.messages
        .filter((m: { card: { type: string } | null }) => m.card?.type === 'order')
        .map((m: { card: unknown; user_id: number }) => ({ ...(m.card as object), by: m.user_id }));
    return { owner, farmer, conv, store, place, cards };
  }

  it('places an order with its card in the buyer’s conversation and moves it forward stage by stage', async () => {
    const { owner, farmer, conv, store, place, cards } = await shop();
    heard = [];
    const order = await place();
    expect(order).toMatchObject({
      stage: 'new',
      eta: null,
      reason: null,
      cancelled_by: null,
      conversation_id: conv.id,
      status: 0,
    });
    expect(heard.map((e) => e.event).sort()).toEqual(['message:new', 'order:new']);
    expect(await cards()).toEqual([
      {
        type: 'order',
        order_id: order.id,
        status: 0,
        stage: 'new',
        total: '25.00',
        cancelled_by: null,
        reason: null,
        by: farmer.user.id,
      },
    ]);
    // an order card is not the customer asking: nobody waits
    expect((await inbox(owner, '?filter=needs_reply')).total).toBe(0);
    expect((await inbox(owner, '?filter=all')).data[0]).toMatchObject({ customer: { orders_count: 1 } });

    const update = (body: Record<string, unknown>) => post(owner.auth, `order/update/${order.id}`, body);
    heard = [];
    const accepted = await update({ stage: 'accepted', eta: '2026-11-27' });
    expect(accepted.body.data).toMatchObject({ stage: 'accepted', eta: '2026-11-27', status: 0 });
    expect(heard.map((e) => e.event).sort()).toEqual(['message:new', 'order:status']);
    // eta alone: no card
    expect((await update({ eta: '2026-11-28' })).body.data.eta).toBe('2026-11-28');
    expect((await update({ stage: 'out_for_delivery' })).body.data.stage).toBe('out_for_delivery');
    // backwards is refused
    const back = await update({ stage: 'accepted' });
    expectRefusal(back, 'not_allowed_now');
    expect(back.status).toBe(409);
    // the buyer can no longer cancel
    expectRefusal(await post(farmer.auth, `order/cancel/${order.id}`), 'not_allowed_now');
    expect((await update({ status: 1 })).body.data).toMatchObject({ status: 1, stage: 'out_for_delivery' });
    expect(
      (await cards()).map((c: { stage: string; status: number; by: number }) => [c.stage, c.status, c.by]),
    ).toEqual([
      ['new', 0, farmer.user.id],
      ['accepted', 0, owner.user.id],
      ['out_for_delivery', 0, owner.user.id],
      ['out_for_delivery', 1, owner.user.id],
    ]);
    // closed: the same status again is a no-op, anything else 409
    expect((await update({ status: 1 })).status).toBe(200);
    expectRefusal(await update({ status: 2, reason: 'x' }), 'not_allowed_now');
    expectRefusal(await update({ stage: 'out_for_delivery' }), 'not_allowed_now');
    // the store's list filtered by stage / status
    const list = async (q: string) =>
      (await get(owner.auth, `order/getAll-byStore${q}`)).body.data.data.map((o: { id: number }) => o.id);
    const fresh = await place();
    expect(await list('?stage=new')).toEqual([fresh.id]);
    expect(await list('?status=1')).toEqual([order.id]);
    expectRefusal(await get(owner.auth, 'order/getAll-byStore?stage=soon'), 'validation_failed');
    void store;
  });

  it('needs a reason to reject (422), and the buyer cancels only while new (409 after)', async () => {
    const { owner, farmer, place, cards } = await shop();
    const order = await place();
    const noReason = await post(owner.auth, `order/update/${order.id}`, { status: 2 });
    expectRefusal(noReason, 'validation_failed');
    expect(noReason.body.error.fields).toHaveProperty('reason');
    expect(noReason.body.error.fields.reason).toMatch(/[\u0600-\u06FF]/);
    const rejected = await post(owner.auth, `order/update/${order.id}`, { status: 2, reason: 'غير متوفر' });
    expect(rejected.body.data).toMatchObject({ status: 2, reason: 'غير متوفر', cancelled_by: null });

    const mine = await place();
    // not the buyer: 403; the store cannot "cancel" for them
    expectRefusal(await post(owner.auth, `order/cancel/${mine.id}`), 'forbidden');
    heard = [];
    const cancelled = await post(farmer.auth, `order/cancel/${mine.id}`, { reason: 'طلبت بالخطأ' });
    expect(cancelled.body.data).toMatchObject({
      status: 2,
      stage: 'new',
      cancelled_by: 'buyer',
      reason: 'طلبت بالخطأ',
    });
    expect(heard.map((e) => e.event).sort()).toEqual(['message:new', 'order:status']);
    // the card says who cancelled: a cancel, not the store's rejection
    expect((await cards()).at(-1)).toMatchObject({
      order_id: mine.id,
      status: 2,
      stage: 'new',
      cancelled_by: 'buyer',
      reason: 'طلبت بالخطأ',
      by: farmer.user.id,
    });
    expect(
      (await cards()).find((c: { order_id: number; status: number }) => c.order_id === order.id && c.status === 2),
    ).toMatchObject({ cancelled_by: null, reason: 'غير متوفر' });
    expectRefusal(await post(farmer.auth, `order/cancel/${mine.id}`), 'not_allowed_now');

    const accepted = await place();
    await post(owner.auth, `order/update/${accepted.id}`, { stage: 'accepted' });
    const late = await post(farmer.auth, `order/cancel/${accepted.id}`);
    expectRefusal(late, 'not_allowed_now');
    expect(late.body.error.message).toMatch(/[\u0600-\u06FF]/);

    for (const body of [
      { stage: 'shipped' },
      { eta: 'tomorrow' },
      { status: 5 },
      {},
      { reason: 'x'.repeat(501), status: 2 },
    ]) {
      expectRefusal(await post(owner.auth, `order/update/${accepted.id}`, body), 'validation_failed');
    }
    expectRefusal(
      await post(farmer.auth, `order/cancel/${accepted.id}`, { reason: 'x'.repeat(501) }),
      'validation_failed',
    );
    expectRefusal(await post(farmer.auth, 'order/cancel/999999'), 'not_found');
  });

  it('a deleted store closes its open orders (rejected: the store is gone) and tells their buyers; closed ones stay', async () => {
    const { owner, farmer, place } = await shop();
    const waiting = await place();
    const underway = await place();
    await post(owner.auth, `order/update/${underway.id}`, { stage: 'accepted' });
    const done = await place();
    await post(owner.auth, `order/update/${done.id}`, { status: 1 });
    heard = [];
    const deleted = await post(owner.auth, `store/delete/${owner.store!.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const mine = (await get(farmer.auth, 'order/getAll-byUser')).body.data.data as {
      id: number;
      status: number;
      reason: string | null;
      cancelled_by: string | null;
    }[];
    const byId = new Map(mine.map((o) => [o.id, o]));
    for (const id of [waiting.id, underway.id]) {
      expect(byId.get(id)).toMatchObject({ status: 2, reason: 'هذا المتجر لم يعد موجوداً', cancelled_by: null });
    }
    expect(byId.get(done.id)).toMatchObject({ status: 1 });
    const told = heard.filter((e) => e.event === 'order:status');
    expect(told.map((e) => (e.payload as { order: { id: number } }).order.id).sort()).toEqual(
      [waiting.id, underway.id].sort(),
    );
    expect(told.every((e) => e.rooms.includes(`user:${farmer.user.id}`))).toBe(true);
  });
});
