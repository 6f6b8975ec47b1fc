import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { placeOrder } from '../src/services/orders';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

/** A store with two products (12.50 and 3.25) and a farmer. */
async function shop() {
  const owner = await t.make.loginAs('store');
  const store = owner.store!;
  const seeds = await t.make.product(store.id, { name: 'بذور خيار', price_cents: 1250 });
  const spray = await t.make.product(store.id, { name: 'مبيد فطري', price_cents: 325 });
  const farmer = await t.make.loginAs('farmer');
  return { owner, store, seeds, spray, farmer };
}

/** Delivery details (required since CONTRACT.md §7; orders-delivery.test.ts tests them). */
const delivery = { province: 1, address: 'دمشق، المزة، شارع الجلاء', phone: '0944000111' };

const place = (auth: { Authorization: string }, body: Record<string, unknown>) =>
  request(t.app)
    .post('/api/order/create')
    .set(auth)
    .send({ delivery, ...body });

describe('orders', () => {
  it('requires authentication for every call', async () => {
    const calls = [
      request(t.app).get('/api/order/getAll-byStore'),
      request(t.app).get('/api/order/getAll-byUser'),
      request(t.app).get('/api/order/get/1'),
      request(t.app).post('/api/order/create').send({}),
      request(t.app).post('/api/order/update/1').send({ status: 1 }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 401, error: { code: 'unauthenticated', message: 'يجب تسجيل الدخول أولاً' } });
    }
  });

  describe('create', () => {
    it('prices from the database and snapshots name and price into the items', async () => {
      const { store, seeds, spray, farmer } = await shop();
      const res = await place(farmer.auth, {
        user_id: farmer.user.id,
        store_id: store.id,
        total: '31.50',
        items: [
          { product_id: seeds.id, quantity: 2 },
          { product_id: spray.id, quantity: 2 },
        ],
      });
      expect(res.status).toBe(200);
      const items = [
        { product_id: seeds.id, name: 'بذور خيار', quantity: 2, price: '12.50', price_cents: 1250 },
        { product_id: spray.id, name: 'مبيد فطري', quantity: 2, price: '3.25', price_cents: 325 },
      ];
      expect(res.body.data).toMatchObject({
        user_id: farmer.user.id,
        store_id: store.id,
        total: '31.50',
        total_cents: 3150,
        status: 0,
        client_id: null,
        items,
        products: items,
        user: { id: farmer.user.id, name: farmer.user.name, phone: farmer.user.phone },
        store: { id: store.id, name_store: store.name_store },
      });

      // a later price change does not touch the order
      await t.db
        .updateTable('products')
        .set({ price_cents: 9999, name: 'اسم جديد' })
        .where('id', '=', seeds.id)
        .execute();
      const again = await request(t.app).get(`/api/order/get/${res.body.data.id}`).set(farmer.auth);
      expect(again.body.data.items[0]).toMatchObject({ name: 'بذور خيار', price_cents: 1250 });
      expect(again.body.data.total_cents).toBe(3150);
    });

    it('ignores prices and names sent by the client: the server prices win', async () => {
      const { store, seeds, farmer } = await shop();
      const cheap = await place(farmer.auth, {
        store_id: store.id,
        total: '0.02',
        items: [{ product_id: seeds.id, quantity: 2, price: '0.01', price_cents: 1, name: 'مجاني' }],
      });
      expect(cheap.status).toBe(422);
      expect(cheap.body.error.fields).toHaveProperty('total');
      const fair = await place(farmer.auth, {
        store_id: store.id,
        total: '25.00',
        items: [{ product_id: seeds.id, quantity: 2, price: '0.01', price_cents: 1, name: 'مجاني' }],
      });
      expect(fair.status).toBe(200);
      expect(fair.body.data.items).toEqual([
        { product_id: seeds.id, name: 'بذور خيار', quantity: 2, price: '12.50', price_cents: 1250 },
      ]);
      const row = await t.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', fair.body.data.id)
        .executeTakeFirstOrThrow();
      expect(row.total_cents).toBe(2500);
    });

    it('accepts the total as a number or with Arabic digits', async () => {
      const { store, spray, farmer } = await shop();
      const asNumber = await place(farmer.auth, {
        store_id: store.id,
        total: 9.75,
        items: [{ product_id: spray.id, quantity: 3 }],
      });
      expect(asNumber.body.data.total).toBe('9.75');
      const arabic = await place(farmer.auth, {
        store_id: store.id,
        total: '٦٫٥',
        items: [{ product_id: spray.id, quantity: '٢' }],
      });
      expect(arabic.status).toBe(200);
      expect(arabic.body.data.total_cents).toBe(650);
    });

    it('is 422 totalMismatch when the total differs from the server prices, and nothing is saved', async () => {
      const { store, seeds, farmer } = await shop();
      const res = await place(farmer.auth, {
        store_id: store.id,
        total: '1.00',
        items: [{ product_id: seeds.id, quantity: 1 }],
      });
      expect(res.status).toBe(422);
      expect(res.body.error).toEqual({
        code: 'validation_failed',
        message: 'المجموع لا يطابق أسعار المنتجات الحالية',
        fields: { total: 'المجموع لا يطابق أسعار المنتجات الحالية' },
      });
      const threeDecimals = await place(farmer.auth, {
        store_id: store.id,
        total: '12.501',
        items: [{ product_id: seeds.id, quantity: 1 }],
      });
      expect(threeDecimals.status).toBe(422);
      expect(threeDecimals.body.error.fields).toHaveProperty('total');
      const saved = await t.db.selectFrom('orders').select('id').where('user_id', '=', farmer.user.id).execute();
      expect(saved).toEqual([]);
    });

    it('is 422 itemsOtherStore for a product of another store, 422 for unknown products and stores', async () => {
      const { store, seeds, farmer } = await shop();
      const other = await shop();
      const mixed = await place(farmer.auth, {
        store_id: store.id,
        total: '25.00',
        items: [
          { product_id: seeds.id, quantity: 1 },
          { product_id: other.seeds.id, quantity: 1 },
        ],
      });
      expect(mixed.status).toBe(422);
      expect(mixed.body.error).toEqual({
        code: 'validation_failed',
        message: 'كل المنتجات يجب أن تكون من المتجر نفسه',
        fields: { items: 'كل المنتجات يجب أن تكون من المتجر نفسه' },
      });
      const unknown = await place(farmer.auth, {
        store_id: store.id,
        total: '12.50',
        items: [
          { product_id: seeds.id, quantity: 1 },
          { product_id: 999999, quantity: 1 },
        ],
      });
      expect(unknown.status).toBe(422);
      expect(unknown.body.error.fields).toEqual({ 'items[1].product_id': 'معرّف غير صالح' });
      const noStore = await place(farmer.auth, {
        store_id: 999999,
        total: '12.50',
        items: [{ product_id: seeds.id, quantity: 1 }],
      });
      expect(noStore.status).toBe(422);
      expect(noStore.body.error.fields).toHaveProperty('store_id');
    });

    it('is 422 (never 500) for ids beyond the integer columns', async () => {
      const { store, seeds, farmer } = await shop();
      const admin = await t.make.loginAs('admin');
      const line = [{ product_id: seeds.id, quantity: 1 }];
      const cases = [
        [farmer, { store_id: 3e9, total: '12.50', items: line }, 'store_id'],
        [
          farmer,
          { store_id: store.id, total: '12.50', items: [{ product_id: 3e9, quantity: 1 }] },
          'items[0].product_id',
        ],
        [admin, { user_id: 3e9, store_id: store.id, total: '12.50', items: line }, 'user_id'],
      ] as const;
      for (const [who, body, field] of cases) {
        const res = await place(who.auth, body);
        expect(res.status, field).toBe(422);
        expect(res.body.error.fields).toHaveProperty([field]);
      }
    });

    it('is 422 with field messages for malformed bodies', async () => {
      const { farmer } = await shop();
      const empty = await place(farmer.auth, {});
      expect(empty.status).toBe(422);
      expect(Object.keys(empty.body.error.fields).sort()).toEqual(['items', 'store_id', 'total']);
      const bad = await place(farmer.auth, {
        store_id: 1,
        total: '-1',
        items: [{ product_id: 1, quantity: 0 }],
      });
      expect(bad.status).toBe(422);
      expect(bad.body.error.fields).toMatchObject({
        total: 'يجب ألا تقل القيمة عن 0',
        'items[0].quantity': 'الكمية يجب أن تكون 1 على الأقل',
      });
      const noItems = await place(farmer.auth, { store_id: 1, total: '0', items: [] });
      expect(noItems.body.error.fields.items).toBe('أضف منتجاً واحداً على الأقل');
    });

    it('refuses ordering from your own store (422) and orders in another user’s name (403)', async () => {
      const { owner, store, seeds, farmer } = await shop();
      const own = await place(owner.auth, {
        store_id: store.id,
        total: '12.50',
        items: [{ product_id: seeds.id, quantity: 1 }],
      });
      expect(own.status).toBe(422);
      expect(own.body.error.fields).toEqual({ store_id: 'لا يمكنك الطلب من متجرك' });
      const other = await t.make.loginAs('farmer');
      const asOther = await place(farmer.auth, {
        user_id: other.user.id,
        store_id: store.id,
        total: '12.50',
        items: [{ product_id: seeds.id, quantity: 1 }],
      });
      expect(asOther.status).toBe(403);
      expect(asOther.body.error.message).toBe('لا يمكنك الكتابة باسم مستخدم آخر');
      const admin = await t.make.loginAs('admin');
      const forUser = await place(admin.auth, {
        user_id: other.user.id,
        store_id: store.id,
        total: '12.50',
        items: [{ product_id: seeds.id, quantity: 1 }],
      });
      expect(forUser.status).toBe(200);
      expect(forUser.body.data.user_id).toBe(other.user.id);
    });

    it('is idempotent by client_id, also under concurrent duplicates', async () => {
      const { store, seeds, farmer } = await shop();
      const body = {
        store_id: store.id,
        total: '12.50',
        items: [{ product_id: seeds.id, quantity: 1 }],
        client_id: 'cart-1',
      };
      const first = await place(farmer.auth, body);
      const again = await place(farmer.auth, body);
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(first.body.data);
      const burst = await Promise.all(
        Array.from({ length: 6 }, () => place(farmer.auth, { ...body, client_id: 'cart-2' })),
      );
      expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(burst.map((r) => r.body.data.id)).size).toBe(1);
      const rows = await t.db
        .selectFrom('orders')
        .select(['id', 'client_id'])
        .where('user_id', '=', farmer.user.id)
        .execute();
      expect(rows.map((r) => r.client_id).sort()).toEqual(['cart-1', 'cart-2']);
      const items = await t.db
        .selectFrom('order_items')
        .select('id')
        .where(
          'order_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      expect(items).toHaveLength(2);
    });
  });

  it('settles racing writes of one client_id on the unique constraint (both get the first order)', async () => {
    // straight to the service, past the route's early look-up, so both writes reach the INSERT
    const { store, seeds, farmer } = await shop();
    const req = {
      buyerId: farmer.user.id,
      storeId: store.id,
      totalCents: 1250,
      items: [{ product_id: seeds.id, quantity: 1 }],
      clientId: 'race-1',
      delivery,
    };
    const placed = await Promise.all([placeOrder(t.db, req), placeOrder(t.db, req), placeOrder(t.db, req)]);
    const ids = placed.map((p) => p.id);
    expect(new Set(ids).size).toBe(1);
    // exactly one of them created it (the others are replays: no event, no push)
    expect(placed.filter((p) => p.created)).toHaveLength(1);
    const rows = await t.db.selectFrom('orders').select('id').where('client_id', '=', 'race-1').execute();
    expect(rows.map((r) => r.id)).toEqual([ids[0]]);
    const items = await t.db.selectFrom('order_items').select('id').where('order_id', '=', ids[0]).execute();
    expect(items).toHaveLength(1);
  });

  describe('lists and get', () => {
    it('lists the caller’s own orders, and a store its store’s orders (admin: all), newest first', async () => {
      const a = await shop();
      const b = await shop();
      const o1 = await place(a.farmer.auth, {
        store_id: a.store.id,
        total: '12.50',
        items: [{ product_id: a.seeds.id, quantity: 1 }],
      });
      const o2 = await place(a.farmer.auth, {
        store_id: b.store.id,
        total: '3.25',
        items: [{ product_id: b.spray.id, quantity: 1 }],
      });
      const mine = await request(t.app).get('/api/order/getAll-byUser?page_number=1').set(a.farmer.auth);
      expect(mine.status).toBe(200);
      expect(mine.body.data).toMatchObject({ current_page: 1, last_page: 1, per_page: 12, total: 2 });
      expect(mine.body.data.data.map((o: { id: number }) => o.id)).toEqual([o2.body.data.id, o1.body.data.id]);
      expect(mine.body.data.data[1].items).toHaveLength(1);

      const storeA = await request(t.app).get('/api/order/getAll-byStore').set(a.owner.auth);
      expect(storeA.body.data.data.map((o: { id: number }) => o.id)).toEqual([o1.body.data.id]);
      const admin = await t.make.loginAs('admin');
      const all = await request(t.app).get('/api/order/getAll-byStore?per_page=50').set(admin.auth);
      const ids = all.body.data.data.map((o: { id: number }) => o.id);
      expect(ids).toEqual(expect.arrayContaining([o1.body.data.id, o2.body.data.id]));
      const storeless = await t.make.loginAs('store', { withStore: false });
      const none = await request(t.app).get('/api/order/getAll-byStore').set(storeless.auth);
      expect(none.body.data).toMatchObject({ total: 0, data: [] });
      expect((await request(t.app).get('/api/order/getAll-byStore').set(a.farmer.auth)).status).toBe(403);
      expect((await request(t.app).get('/api/order/getAll-byUser?page_number=0').set(a.farmer.auth)).status).toBe(422);
    });

    it('shows an order to its buyer, its store and the admin only; 404 when missing', async () => {
      const { owner, store, seeds, farmer } = await shop();
      const order = (
        await place(farmer.auth, { store_id: store.id, total: '12.50', items: [{ product_id: seeds.id, quantity: 1 }] })
      ).body.data;
      for (const who of [farmer, owner, await t.make.loginAs('admin')]) {
        const res = await request(t.app).get(`/api/order/get/${order.id}`).set(who.auth);
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual(order);
      }
      for (const role of ['farmer', 'store'] as const) {
        const who = await t.make.loginAs(role);
        expect((await request(t.app).get(`/api/order/get/${order.id}`).set(who.auth)).status, role).toBe(403);
      }
      expect((await request(t.app).get('/api/order/get/999999').set(farmer.auth)).status).toBe(404);
      expect((await request(t.app).get('/api/order/get/abc').set(farmer.auth)).status).toBe(404);
    });

    it('keeps orders readable after their store is deleted', async () => {
      const { store, seeds, farmer } = await shop();
      const order = (
        await place(farmer.auth, { store_id: store.id, total: '12.50', items: [{ product_id: seeds.id, quantity: 1 }] })
      ).body.data;
      await t.db.deleteFrom('stores').where('id', '=', store.id).execute();
      const res = await request(t.app).get(`/api/order/get/${order.id}`).set(farmer.auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ store: { id: store.id, name_store: 'متجر محذوف' }, total: '12.50' });
      expect(res.body.data.items[0]).toMatchObject({ name: 'بذور خيار', price: '12.50' });
    });
  });

  describe('update status', () => {
    it('lets the store owner and the admin complete or reject (with a reason) an order in progress', async () => {
      const { owner, store, seeds, farmer } = await shop();
      const placeOne = async () =>
        (
          await place(farmer.auth, {
            store_id: store.id,
            total: '12.50',
            items: [{ product_id: seeds.id, quantity: 1 }],
          })
        ).body.data;
      const order = await placeOne();
      const done = await request(t.app).post(`/api/order/update/${order.id}`).set(owner.auth).send({ status: 1 });
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({ id: order.id, status: 1, items: order.items });
      const admin = await t.make.loginAs('admin');
      const other = await placeOne();
      const rejected = await request(t.app)
        .post(`/api/order/update/${other.id}`)
        .set(admin.auth)
        .send({ status: '2', reason: 'نفدت الكمية' });
      expect(rejected.body.data).toMatchObject({ status: 2, reason: 'نفدت الكمية' });
      // a closed order changes no more (inbox-orders.test.ts has the whole lifecycle)
      const reopen = await request(t.app).post(`/api/order/update/${order.id}`).set(admin.auth).send({ status: 0 });
      expect(reopen.status).toBe(409);
      expect(reopen.body.error.code).toBe('not_allowed_now');
    });

    it('is 403 for the buyer, other stores and a disabled store account; 422 for bad status; 404 when missing', async () => {
      const { owner, store, seeds, farmer } = await shop();
      const order = (
        await place(farmer.auth, { store_id: store.id, total: '12.50', items: [{ product_id: seeds.id, quantity: 1 }] })
      ).body.data;
      const update = (auth: { Authorization: string }, body: unknown, id = order.id) =>
        request(t.app)
          .post(`/api/order/update/${id}`)
          .set(auth)
          .send(body as object);
      expect((await update(farmer.auth, { status: 1 })).status).toBe(403);
      expect((await update((await t.make.loginAs('store')).auth, { status: 1 })).status).toBe(403);
      for (const status of [3, -1, 'done', undefined]) {
        const res = await update(owner.auth, { status });
        expect(res.status, String(status)).toBe(422);
        expect(res.body.error.fields).toHaveProperty('status');
      }
      expect((await update(owner.auth, { status: 1 }, 999999)).status).toBe(404);

      const disabled = await t.make.loginAs('disabledStore');
      const product = await t.make.product(disabled.store!.id, { price_cents: 100 });
      // placed before the account was disabled (a disabled store takes no new orders: orders-delivery.test.ts)
      await t.db.updateTable('users').set({ status: 0 }).where('id', '=', disabled.user.id).execute();
      const theirs = (
        await place(farmer.auth, {
          store_id: disabled.store!.id,
          total: '1',
          items: [{ product_id: product.id, quantity: 1 }],
        })
      ).body.data;
      await t.db.updateTable('users').set({ status: 1 }).where('id', '=', disabled.user.id).execute();
      const refused = await update(disabled.auth, { status: 1 }, theirs.id);
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe('اشتراكك منتهي الصلاحية');
      const unchanged = await t.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', theirs.id)
        .executeTakeFirstOrThrow();
      expect(unchanged.status).toBe(0);
    });
  });
});
