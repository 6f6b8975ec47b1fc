import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { lastDays } from '../src/services/stats';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

describe('stats', () => {
  it('requires authentication', async () => {
    for (const path of ['/api/stats/store', '/api/stats/admin']) {
      const res = await request(t.app).get(path);
      expect(res.status, path).toBe(401);
      expect(res.body.error.message).toBe('يجب تسجيل الدخول أولاً');
    }
  });

  it('lists the last 30 UTC days, oldest first, ending today', () => {
    const days = lastDays(new Date('2025-03-01T23:30:00Z'));
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2025-01-31');
    expect(days[29]).toBe('2025-03-01');
  });

  it("gives a store account its own store's figures", async () => {
    const owner = await t.make.loginAs('store');
    const store = owner.store!;
    const other = await t.make.loginAs('store');
    const farmer = await t.make.loginAs('farmer');
    await t.make.product(store.id);
    await t.make.product(store.id);
    await t.make.product(other.store!.id);
    const order = (status: number, cents: number, createdAt: string, storeId = store.id) =>
      t.db
        .insertInto('orders')
        .values({
          user_id: farmer.user.id,
          store_id: storeId,
          total_cents: cents,
          status,
          client_id: null,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
    await order(0, 1000, daysAgo(0));
    await order(0, 500, daysAgo(0));
    await order(1, 250, daysAgo(3));
    await order(2, 999, daysAgo(45)); // outside the 30 days, still counted by status
    await order(0, 7777, daysAgo(0), other.store!.id);
    // two conversations: one with an unread message from the farmer, one already read
    const unread = await t.make.conversation(farmer.user.id, store);
    await request(t.app)
      .post('/api/message/create')
      .set(farmer.auth)
      .send({ conversation_id: unread.id, message: 'هل المنتج متوفر؟' });
    const farmer2 = await t.make.loginAs('farmer');
    const read = await t.make.conversation(farmer2.user.id, store);
    const m = await request(t.app)
      .post('/api/message/create')
      .set(farmer2.auth)
      .send({ conversation_id: read.id, message: 'شكراً' });
    await request(t.app)
      .post(`/api/conversation/update/${read.id}`)
      .set(owner.auth)
      .send({ last_read_message_id: m.body.data.id });

    const res = await request(t.app).get('/api/stats/store').set(owner.auth);
    expect(res.status).toBe(200);
    expect(res.body.data.orders_by_status).toEqual({ 0: 2, 1: 1, 2: 1 });
    expect(res.body.data.products_count).toBe(2);
    expect(res.body.data.unread_conversations).toBe(1);
    const perDay = res.body.data.orders_per_day as { date: string; count: number; total_cents: number }[];
    expect(perDay).toHaveLength(30);
    expect(perDay[29]).toEqual({ date: daysAgo(0).slice(0, 10), count: 2, total_cents: 1500 });
    expect(perDay[26]).toEqual({ date: daysAgo(3).slice(0, 10), count: 1, total_cents: 250 });
    expect(perDay.reduce((n, d) => n + d.count, 0)).toBe(3);
  });

  it('gives a store account without a store zeros, and refuses farmers and the admin', async () => {
    const storeless = await t.make.loginAs('store', { withStore: false });
    const res = await request(t.app).get('/api/stats/store').set(storeless.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ orders_by_status: { 0: 0, 1: 0, 2: 0 }, products_count: 0 });
    for (const role of ['farmer', 'admin'] as const) {
      const who = await t.make.loginAs(role);
      expect((await request(t.app).get('/api/stats/store').set(who.auth)).status, role).toBe(403);
    }
  });

  it('gives the admin site-wide figures', async () => {
    const admin = await t.make.loginAs('admin');
    const before = (await request(t.app).get('/api/stats/admin').set(admin.auth)).body.data;
    const owner = await t.make.loginAs('store');
    await t.make.store((await t.make.user({ type: 3 })).id, { city: 4, type: 3 });
    const farmer = await t.make.loginAs('farmer');
    const conv = await t.make.conversation(farmer.user.id, owner.store!);
    await request(t.app)
      .post('/api/message/create')
      .set(farmer.auth)
      .send({ conversation_id: conv.id, message: 'مرحبا' });
    await t.db
      .insertInto('messages')
      .values({ conversation_id: conv.id, user_id: farmer.user.id, message: 'قديمة', created_at: daysAgo(2) })
      .execute();

    const now = daysAgo(0);
    await t.db
      .insertInto('orders')
      .values({
        user_id: farmer.user.id,
        store_id: owner.store!.id,
        total_cents: 100,
        status: 0,
        client_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();

    const res = await request(t.app).get('/api/stats/admin').set(admin.auth);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.users_by_type[1]).toBe(before.users_by_type[1] + 1);
    expect(data.users_by_type[2]).toBe(before.users_by_type[2] + 1);
    expect(data.users_by_type[3]).toBe(before.users_by_type[3] + 1);
    expect(data.stores_by_province).toHaveLength(12);
    const city = (id: number, d: typeof data) =>
      d.stores_by_province.find((p: { city: number }) => p.city === id) as { city_name: string; count: number };
    expect(city(1, data).count).toBe(city(1, before).count + 1);
    expect(city(4, data)).toEqual({ city: 4, city_name: 'اللاذقية', count: city(4, before).count + 1 });
    expect(data.messages_per_day).toHaveLength(30);
    expect(data.messages_per_day[29].count).toBe(before.messages_per_day[29].count + 1);
    expect(data.messages_per_day[27].count).toBe(before.messages_per_day[27].count + 1);
    expect(data.orders_count).toBe(before.orders_count + 1);
    for (const role of ['farmer', 'store'] as const) {
      const who = await t.make.loginAs(role);
      expect((await request(t.app).get('/api/stats/admin').set(who.auth)).status, role).toBe(403);
    }
  });
});
