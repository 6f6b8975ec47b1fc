/**
 * Subscriptions (CONTRACT.md §8) with a clock the test moves (config.now): the trial of a new store
 * account, grace and expiry and what they refuse (dashboard writes 403 subscription_expired, orders 422
 * store_unavailable) and allow (chat replies), requests (one open), payments (the plan's price, the
 * period from the later of now and the end, the request closed, the receipt), reminders sent once each,
 * the migration of existing accounts' statuses, and the admin's figures.
 */
import { type ApiEvent, addCalendar, calendarDaysBetween, PLAN_PRICE_CENTS, type User } from '@agrivet/shared';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from './helpers/envelope';
import { TEST_PASSWORD, uniquePhone } from './helpers/factories';
import { type PushEndpoint, startPushEndpoint } from './helpers/push-endpoint';
import { useTestApi } from './helpers/test-api';

const clock = { now: Date.parse('2026-03-10T09:00:00.000Z') };
const t = useTestApi({ now: () => clock.now, pushAllowLoopback: true });
const DAY = 86_400_000;

let push: PushEndpoint;
beforeAll(async () => {
  push = await startPushEndpoint();
});
afterAll(async () => {
  await push.close();
});

async function register(type = 1) {
  const phone = uniquePhone();
  const res = await request(t.app)
    .post('/api/auth/register')
    .send({ phone, name: 'صيدلية الاشتراك', type, password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const auth = { Authorization: `Bearer ${res.body.data.token}` };
  return { id: res.body.data.user.id as number, phone, auth, user: res.body.data.user as User };
}

async function me(auth: Record<string, string>): Promise<User> {
  const res = await request(t.app).get('/api/auth/user').set(auth);
  expect(res.status).toBe(200);
  return res.body.data.user;
}

async function withStore(owner: { id: number }) {
  const store = await t.make.store(owner.id);
  const product = await t.make.product(store.id);
  return { store, product };
}

const orderBody = (storeId: number, productId: number, priceCents: number) => ({
  store_id: storeId,
  total: (priceCents / 100).toFixed(2),
  items: [{ product_id: productId, quantity: 1 }],
  delivery: { province: 1, address: 'دمشق', phone: '0944000000' },
});

describe('subscriptions', () => {
  it('requires authentication', async () => {
    for (const path of ['/api/subscription/request', '/api/subscription/payment']) {
      expectRefusal(await request(t.app).post(path).send({}), 'unauthenticated');
    }
    expectRefusal(await request(t.app).get('/api/subscription/requests'), 'unauthenticated');
    expectRefusal(await request(t.app).get('/api/subscription/payments'), 'unauthenticated');
  });

  it('a new store account gets a 30-day trial; a farmer has no subscription', async () => {
    clock.now = Date.parse('2026-03-10T09:00:00.000Z');
    const store = await register(1);
    expect(store.user.status).toBe(2);
    expect(store.user.subscription).toMatchObject({ plan: 'trial', state: 'trial', days_left: 30, reminder: null });
    expect(store.user.subscription!.ends_at).toBe(addCalendar(clock.now, { days: 30 }).toISOString());
    const farmer = await register(2);
    expect(farmer.user.subscription).toBeNull();
    expect(farmer.user.status).toBe(0);
  });

  it('trial end → grace (status 0, still writes) → expired (status 1): dashboard writes 403, orders 422, chat replies allowed', async () => {
    const start = Date.parse('2026-04-01T08:00:00.000Z');
    clock.now = start;
    const owner = await register(1);
    const { store, product } = await withStore(owner);
    const farmer = await t.make.loginAs('farmer');
    const conv = await t.make.conversation(farmer.user.id, store);
    const endsAt = Date.parse(owner.user.subscription!.ends_at);

    // the last minute of the trial
    clock.now = endsAt - 60_000;
    expect((await me(owner.auth)).subscription).toMatchObject({ state: 'trial', days_left: 0, reminder: 1 });

    // grace: status 0, the dashboard still works, orders are taken
    clock.now = endsAt + 60_000;
    const inGrace = await me(owner.auth);
    expect(inGrace.status).toBe(0);
    expect(inGrace.subscription!.state).toBe('grace');
    const write = await request(t.app)
      .post(`/api/product/update/${product.id}`)
      .set(owner.auth)
      .send({ name: 'اسم جديد', type: 0, price: '3.00', is_special: false });
    expect(write.status, JSON.stringify(write.body)).toBe(200);
    const order = await request(t.app)
      .post('/api/order/create')
      .set(farmer.auth)
      .send(orderBody(store.id, product.id, 300));
    expect(order.status, JSON.stringify(order.body)).toBe(200);

    // 3 Damascus days after the end: expired, with nobody acting
    clock.now = addCalendar(endsAt, { days: 3 }).getTime();
    const expired = await me(owner.auth);
    expect(expired.status).toBe(1);
    expect(expired.subscription!.state).toBe('expired');
    expectRefusal(
      await request(t.app)
        .post(`/api/product/update/${product.id}`)
        .set(owner.auth)
        .send({ name: 'اسم آخر', type: 0, price: '3.00', is_special: false }),
      'subscription_expired',
    );
    expectRefusal(
      await request(t.app)
        .post('/api/order/create')
        .set(farmer.auth)
        .send(orderBody(store.id, product.id, 300)),
      'store_unavailable',
    );
    // it may still reply in its chats
    const reply = await request(t.app)
      .post('/api/message/create')
      .set(owner.auth)
      .send({ conversation_id: conv.id, message: 'نعم، متوفر' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    // the stored status followed (store lists' `available` read it)
    const stored = await t.db.selectFrom('users').select('status').where('id', '=', owner.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe(1);
    const page = await request(t.app).get(`/api/store/get/${store.id}`);
    expect(page.body.data.available).toBe(false);
  });

  it('the sweep brings every stored status up to date without a request', async () => {
    clock.now = Date.parse('2026-05-01T08:00:00.000Z');
    const owner = await register(3);
    clock.now = addCalendar(Date.parse(owner.user.subscription!.ends_at), { days: 3 }).getTime() + 1000;
    await t.subscriptions.run();
    const stored = await t.db.selectFrom('users').select('status').where('id', '=', owner.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe(1);
  });

  it('one open request at a time (409); bad input is an Arabic 422; farmers may not ask', async () => {
    clock.now = Date.parse('2026-06-01T08:00:00.000Z');
    const owner = await register(1);
    const events: ApiEvent[] = [];
    const stop = t.events.subscribe((e) => events.push(e));
    const first = await request(t.app)
      .post('/api/subscription/request')
      .set(owner.auth)
      .send({ plan: 'monthly', method: 'syriatel_cash', reference: 'TX-1' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.request).toMatchObject({ plan: 'monthly', method: 'syriatel_cash', state: 'open' });
    // the admin's list hears of it live, with the request as answered
    expect(events).toEqual([
      { event: 'subscription:request', rooms: ['admin'], payload: { request: first.body.data.request } },
    ]);
    const again = await request(t.app)
      .post('/api/subscription/request')
      .set(owner.auth)
      .send({ plan: 'yearly', method: 'cash' });
    expectRefusal(again, 'conflict');
    expect(again.body.error.message).toMatch(/[\u0600-\u06FF]/);
    const bad = await request(t.app)
      .post('/api/subscription/request')
      .set(owner.auth)
      .send({ plan: 'weekly', method: 'paypal', reference: { x: 1 } });
    expectRefusal(bad, 'validation_failed');
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['method', 'plan', 'reference']);
    const farmer = await t.make.loginAs('farmer');
    expectRefusal(
      await request(t.app).post('/api/subscription/request').set(farmer.auth).send({ plan: 'monthly', method: 'cash' }),
      'forbidden',
    );
    const mine = await request(t.app).get('/api/subscription/mine').set(owner.auth);
    expect(mine.body.data.open_request.id).toBe(first.body.data.request.id);
    stop();
    // a refused request (the 409, the 422, the farmer's 403) reached nobody
    expect(events).toHaveLength(1);
  });

  it('payments: the plan price or 422; from the later of now and the end; the request closes; a receipt', async () => {
    clock.now = Date.parse('2026-07-15T10:00:00.000Z');
    const admin = await t.make.loginAs('admin');
    const owner = await register(1);
    const trialEnd = owner.user.subscription!.ends_at;
    const req1 = await request(t.app)
      .post('/api/subscription/request')
      .set(owner.auth)
      .send({ plan: 'monthly', method: 'mtn_cash', reference: 'MTN-55' });
    const requestId = req1.body.data.request.id;

    for (const amount of [499, 5000, 0, 501]) {
      const res = await request(t.app)
        .post('/api/subscription/payment')
        .set(admin.auth)
        .send({ user_id: owner.id, plan: 'monthly', method: 'mtn_cash', amount_cents: amount, request_id: requestId });
      expectRefusal(res, 'validation_failed');
      expect(res.body.error.fields.amount_cents).toMatch(/[\u0600-\u06FF]/);
    }
    // the monthly request is not answered by a yearly payment (the request stays open)
    const otherPlan = await request(t.app)
      .post('/api/subscription/payment')
      .set(admin.auth)
      .send({ user_id: owner.id, plan: 'yearly', method: 'mtn_cash', amount_cents: 5000, request_id: requestId });
    expectRefusal(otherPlan, 'validation_failed');
    expect(otherPlan.body.error.fields.plan).toBe('الباقة لا تطابق باقة طلب التجديد');
    const farmer = await t.make.loginAs('farmer');
    expectRefusal(
      await request(t.app)
        .post('/api/subscription/payment')
        .set(admin.auth)
        .send({ user_id: farmer.user.id, plan: 'monthly', method: 'cash', amount_cents: 500 }),
      'validation_failed',
    );
    expectRefusal(
      await request(t.app)
        .post('/api/subscription/payment')
        .set(owner.auth)
        .send({ user_id: owner.id, plan: 'monthly', method: 'cash', amount_cents: 500 }),
      'forbidden',
    );

    // in trial: the month runs from the trial's end (the later date)
    const events: ApiEvent[] = [];
    const stop = t.events.subscribe((e) => events.push(e));
    const paid = await request(t.app).post('/api/subscription/payment').set(admin.auth).send({
      user_id: owner.id,
      plan: 'monthly',
      method: 'mtn_cash',
      amount_cents: PLAN_PRICE_CENTS.monthly,
      reference: 'MTN-55',
      request_id: requestId,
    });
    stop();
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // the store hears of it live, with the payment and its plan as answered
    expect(events).toEqual([{ event: 'subscription:payment', rooms: [`user:${owner.id}`], payload: paid.body.data }]);
    const payment = paid.body.data.payment;
    expect(payment.receipt_no).toMatch(/^AGV-\d{4}-\d{6}$/);
    expect(payment).toMatchObject({ amount: '5.00', amount_cents: 500, period_start: trialEnd, request_id: requestId });
    expect(payment.period_end).toBe(addCalendar(trialEnd, { months: 1 }).toISOString());
    expect(paid.body.data.subscription).toMatchObject({
      plan: 'monthly',
      state: 'active',
      ends_at: payment.period_end,
    });
    expect((await me(owner.auth)).status).toBe(0);

    // the request is closed: paying it again is a conflict, and a new request may be made
    const requests = await request(t.app).get('/api/subscription/requests').set(admin.auth);
    expect(requests.body.data.data.find((r: { id: number }) => r.id === requestId)).toMatchObject({
      state: 'closed',
      payment_id: payment.id,
    });
    // ?state= narrows the list (the dashboard's count of waiting requests); anything else is an Arabic 422
    const list = async (state: string) =>
      (await request(t.app).get(`/api/subscription/requests?state=${state}&per_page=100`).set(admin.auth)).body.data;
    const [open, closed, all] = [await list('open'), await list('closed'), await list('')];
    expect(open.data.every((r: { state: string }) => r.state === 'open')).toBe(true);
    expect(closed.data.every((r: { state: string }) => r.state === 'closed')).toBe(true);
    expect(closed.data.map((r: { id: number }) => r.id)).toContain(requestId);
    expect(open.total + closed.total).toBe(all.total);
    const bad = await request(t.app).get('/api/subscription/requests?state=pending').set(admin.auth);
    expectRefusal(bad, 'validation_failed');
    expect(bad.body.error.fields.state).toMatch(/[\u0600-\u06FF]/);
    expectRefusal(
      await request(t.app)
        .post('/api/subscription/payment')
        .set(admin.auth)
        .send({ user_id: owner.id, plan: 'monthly', method: 'cash', amount_cents: 500, request_id: requestId }),
      'conflict',
    );

    // expired long ago: a yearly payment runs from now
    clock.now = Date.parse(payment.period_end) + 40 * DAY;
    expect((await me(owner.auth)).status).toBe(1);
    const yearly = await request(t.app)
      .post('/api/subscription/payment')
      .set(admin.auth)
      .send({ user_id: owner.id, plan: 'yearly', method: 'bank_transfer', amount_cents: 5000 });
    expect(yearly.status, JSON.stringify(yearly.body)).toBe(200);
    expect(yearly.body.data.payment.period_start).toBe(new Date(clock.now).toISOString());
    expect(yearly.body.data.payment.period_end).toBe(addCalendar(clock.now, { months: 12 }).toISOString());
    expect((await me(owner.auth)).status).toBe(0);

    // the receipt: the admin and the paying account; others 404
    const receipt = await request(t.app).get(`/api/subscription/payment/${payment.id}`).set(owner.auth);
    expect(receipt.body.data.payment.receipt_no).toBe(payment.receipt_no);
    const other = await t.make.loginAs('store');
    expectRefusal(await request(t.app).get(`/api/subscription/payment/${payment.id}`).set(other.auth), 'not_found');
    // the store's own payments; another's are refused
    const own = await request(t.app).get('/api/subscription/payments').set(owner.auth);
    expect(own.body.data.total).toBe(2);
    expectRefusal(
      await request(t.app).get(`/api/subscription/payments?user_id=${owner.id}`).set(other.auth),
      'forbidden',
    );
    const byAdmin = await request(t.app).get(`/api/subscription/payments?user_id=${owner.id}`).set(admin.auth);
    expect(byAdmin.body.data.data.map((p: { plan: string }) => p.plan)).toEqual(['yearly', 'monthly']);

    // audit rows of the payments
    const audit = await request(t.app).get('/api/admin/audit').set(admin.auth);
    const payments = audit.body.data.data.filter((a: { action: string }) => a.action === 'subscription.payment');
    expect(payments.length).toBeGreaterThanOrEqual(2);
    expect(payments[0]).toMatchObject({ actor: { id: admin.user.id }, target_type: 'payment' });
  });

  it('reminders 7, 3 and 1 days before the end: each pushed once, and in the user JSON', async () => {
    clock.now = Date.parse('2026-09-01T06:00:00.000Z');
    const owner = await register(1);
    const sub = push.subscription('reminders');
    const subscribed = await request(t.app)
      .post('/api/push/subscribe')
      .set(owner.auth)
      .send({ endpoint: sub.endpoint, keys: sub.keys });
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);
    const endsAt = Date.parse(owner.user.subscription!.ends_at);
    const reminderRows = () =>
      t.db
        .selectFrom('subscription_reminders')
        .select('days')
        .where('user_id', '=', owner.id)
        .orderBy('days', 'desc')
        .execute();

    clock.now = addCalendar(endsAt, { days: -8 }).getTime();
    await t.subscriptions.run();
    expect(await reminderRows()).toEqual([]);

    const before = push.received.length;
    for (const [days, expected] of [
      [7, [7]],
      [6, [7]],
      [3, [7, 3]],
      [1, [7, 3, 1]],
    ] as const) {
      clock.now = addCalendar(endsAt, { days: -days }).getTime();
      expect(calendarDaysBetween(clock.now, endsAt)).toBe(days);
      await t.subscriptions.run();
      await t.subscriptions.run(); // a second pass (another instance) sends nothing more
      expect((await reminderRows()).map((r) => r.days)).toEqual(expected);
      expect((await me(owner.auth)).subscription!.reminder).toBe(days === 6 ? 7 : days);
    }
    await t.chat.push.idle();
    const mine = push.received.slice(before).filter((r) => r.path.includes('reminders'));
    expect(mine).toHaveLength(3);
    const payloads = mine.map((r) => sub.decrypt(r));
    expect(payloads.map((p) => p.type)).toEqual(['subscription', 'subscription', 'subscription']);
    // the three are sent at once, so they may arrive in any order
    expect(payloads.map((p) => p.body).sort()).toEqual(
      [
        'ينتهي اشتراكك غداً، جدّده من لوحة التحكم',
        'يبقى 3 أيام على نهاية اشتراكك، جدّده من لوحة التحكم',
        'يبقى 7 أيام على نهاية اشتراكك، جدّده من لوحة التحكم',
      ].sort(),
    );
  });

  it("the admin's figures: revenue this month and last, stores by state, renewals due this week", async () => {
    clock.now = Date.parse('2026-12-20T10:00:00.000Z');
    const admin = await t.make.loginAs('admin');
    const before = (await request(t.app).get('/api/subscription/stats').set(admin.auth)).body.data;
    const owner = await register(1);
    await request(t.app)
      .post('/api/subscription/payment')
      .set(admin.auth)
      .send({ user_id: owner.id, plan: 'yearly', method: 'cash', amount_cents: 5000 });
    const dueSoon = await register(1);
    await t.db
      .updateTable('users')
      .set({ sub_ends_at: new Date(clock.now + 2 * DAY).toISOString() })
      .where('id', '=', dueSoon.id)
      .execute();
    const stats = await request(t.app).get('/api/subscription/stats').set(admin.auth);
    expect(stats.status).toBe(200);
    expect(stats.body.data.revenue_this_month_cents).toBe(before.revenue_this_month_cents + 5000);
    expect(stats.body.data.stores_by_state.trial).toBe(before.stores_by_state.trial + 1);
    expect(stats.body.data.renewals_due.map((r: { user_id: number }) => r.user_id)).toContain(dueSoon.id);
    const farmer = await t.make.loginAs('farmer');
    expectRefusal(await request(t.app).get('/api/subscription/stats').set(farmer.auth), 'forbidden');
  });

  it('the admin suspends by hand (status 1) and lifts it; the subscription applies again', async () => {
    clock.now = Date.parse('2027-01-05T10:00:00.000Z');
    const admin = await t.make.loginAs('admin');
    const owner = await register(1);
    const suspended = await request(t.app).post(`/api/user/update/${owner.id}`).set(admin.auth).send({ status: 1 });
    expect(suspended.body.data.user.status).toBe(1);
    expect((await me(owner.auth)).status).toBe(1);
    const lifted = await request(t.app).post(`/api/user/update/${owner.id}`).set(admin.auth).send({ status: 0 });
    // back to what the subscription says: a trial
    expect(lifted.body.data.user.status).toBe(2);
    const audit = await request(t.app).get('/api/admin/audit').set(admin.auth);
    const rows = audit.body.data.data.filter(
      (a: { action: string; target_id: number }) => a.action === 'user.status' && a.target_id === owner.id,
    );
    expect(rows).toHaveLength(2);
  });
});
