/**
 * Delivery details of an order, the farmer's delivery province, and disabled stores (CONTRACT.md §7):
 * order/create requires `delivery` and returns it with the order everywhere; a store whose account
 * is disabled is shown `available: false` and refuses new orders with 422 `store_unavailable`,
 * saving nothing.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/time';
import { expectRefusal } from './helpers/envelope';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

const delivery = { province: 2, address: 'حماة، السقيلبية، قرب المدرسة', phone: '0944123456', note: 'اتصل قبل الوصول' };

/** A store with one product (12.50) and a farmer. */
async function shop() {
  const owner = await t.make.loginAs('store');
  const product = await t.make.product(owner.store!.id, { price_cents: 1250 });
  const farmer = await t.make.loginAs('farmer');
  return { owner, store: owner.store!, product, farmer };
}

const order = (storeId: number, productId: number, extra: Record<string, unknown> = {}) => ({
  store_id: storeId,
  total: '12.50',
  items: [{ product_id: productId, quantity: 1 }],
  delivery,
  ...extra,
});

/** Rows of the order tables, to show that a refused order saved nothing. */
async function orderRows() {
  const orders = await t.db.selectFrom('orders').selectAll().orderBy('id').execute();
  const items = await t.db.selectFrom('order_items').selectAll().orderBy('id').execute();
  return JSON.stringify([orders, items]);
}

describe('order/create with delivery details', () => {
  it('stores them with the order and returns them from create, get, both lists (and so the order:new push)', async () => {
    const { owner, store, product, farmer } = await shop();
    const created = await request(t.app).post('/api/order/create').set(farmer.auth).send(order(store.id, product.id));
    expect(created.status).toBe(200);
    const expected = {
      province: 2,
      province_name: 'حماة',
      address: 'حماة، السقيلبية، قرب المدرسة',
      phone: '0944123456',
      note: 'اتصل قبل الوصول',
    };
    expect(created.body.data.delivery).toEqual(expected);
    expect(created.body.data.review).toBeNull();
    const id = created.body.data.id;

    const viaGet = await request(t.app).get(`/api/order/get/${id}`).set(owner.auth);
    expect(viaGet.body.data.delivery).toEqual(expected);
    const mine = await request(t.app).get('/api/order/getAll-byUser').set(farmer.auth);
    expect(mine.body.data.data.find((o: { id: number }) => o.id === id).delivery).toEqual(expected);
    const theStore = await request(t.app).get('/api/order/getAll-byStore').set(owner.auth);
    expect(theStore.body.data.data.find((o: { id: number }) => o.id === id).delivery).toEqual(expected);
  });

  it('accepts Arabic-Indic and Persian digits in the province, phone, ids and quantity; trims; the note is optional', async () => {
    const { store, product, farmer } = await shop();
    const res = await request(t.app)
      .post('/api/order/create')
      .set(farmer.auth)
      .send({
        store_id: String(store.id).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]),
        total: '٢٥٫٠٠',
        items: [{ product_id: String(product.id).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]), quantity: '٢' }],
        delivery: { province: '١٢', address: '  حمص، الوعر  ', phone: '۰۹۴۴ ۱۲۳-۴۵۶' },
      });
    expect(res.status).toBe(200);
    expect(res.body.data.delivery).toEqual({
      province: 12,
      province_name: 'حمص',
      address: 'حمص، الوعر',
      phone: '0944123456',
      note: null,
    });
    const blankNote = await request(t.app)
      .post('/api/order/create')
      .set(farmer.auth)
      .send(order(store.id, product.id, { delivery: { ...delivery, note: '   ' } }));
    expect(blankNote.body.data.delivery.note).toBeNull();
  });

  it('takes delivery details from a form (bracket notation)', async () => {
    const { store, product, farmer } = await shop();
    const res = await request(t.app)
      .post('/api/order/create')
      .set(farmer.auth)
      .field('store_id', String(store.id))
      .field('total', '12.50')
      .field('items[0][product_id]', String(product.id))
      .field('items[0][quantity]', '1')
      .field('delivery[province]', '٤')
      .field('delivery[address]', 'اللاذقية، الرمل الشمالي')
      .field('delivery[phone]', '0933000111');
    expect(res.status).toBe(200);
    expect(res.body.data.delivery).toMatchObject({
      province: 4,
      address: 'اللاذقية، الرمل الشمالي',
      phone: '0933000111',
    });
  });

  it('is 422 with Arabic field messages for a missing or bad delivery, and saves nothing', async () => {
    const { store, product, farmer } = await shop();
    const before = await orderRows();
    const cases: [unknown, Record<string, string>][] = [
      [undefined, { delivery: 'أدخل عنوان التوصيل ورقم الهاتف' }],
      ['دمشق', { delivery: 'أدخل عنوان التوصيل ورقم الهاتف' }],
      [
        {},
        {
          'delivery.province': 'هذا الحقل مطلوب',
          'delivery.address': 'هذا الحقل مطلوب',
          'delivery.phone': 'هذا الحقل مطلوب',
        },
      ],
      [{ ...delivery, province: 13 }, { 'delivery.province': 'المحافظة غير صالحة' }],
      [{ ...delivery, province: 0 }, { 'delivery.province': 'المحافظة غير صالحة' }],
      [{ ...delivery, province: 'حماة' }, { 'delivery.province': 'يجب أن يكون رقماً' }],
      [{ ...delivery, phone: '١٢٣' }, { 'delivery.phone': 'رقم الهاتف غير صالح' }],
      [{ ...delivery, address: '   ' }, { 'delivery.address': 'هذا الحقل مطلوب' }],
      [{ ...delivery, address: 'ع'.repeat(301) }, { 'delivery.address': 'النص طويل جداً' }],
      [{ ...delivery, note: 'ن'.repeat(501) }, { 'delivery.note': 'النص طويل جداً' }],
      [{ ...delivery, address: { street: 'x' } }, { 'delivery.address': 'قيمة غير صالحة' }],
      [{ ...delivery, note: ['x'] }, { 'delivery.note': 'قيمة غير صالحة' }],
    ];
    for (const [value, fields] of cases) {
      const body = order(store.id, product.id, { delivery: value });
      const res = await request(t.app).post('/api/order/create').set(farmer.auth).send(body);
      expectRefusal(res, 'validation_failed');
      expect(res.status).toBe(422);
      expect(res.body.error.fields, JSON.stringify(value)).toEqual(fields);
    }
    expect(await orderRows()).toBe(before);
  });

  it('shows orders placed before delivery details existed with delivery null', async () => {
    const { owner, store, farmer } = await shop();
    const now = nowIso();
    const row = await t.db
      .insertInto('orders')
      .values({
        user_id: farmer.user.id,
        store_id: store.id,
        total_cents: 0,
        status: 0,
        client_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await request(t.app).get(`/api/order/get/${row.id}`).set(owner.auth);
    expect(res.status).toBe(200);
    expect(res.body.data.delivery).toBeNull();
  });
});

describe('a disabled store', () => {
  it('is shown unavailable and refuses new orders (422 store_unavailable), saving nothing; enabled again, it takes them', async () => {
    const { owner, store, product, farmer } = await shop();
    const admin = await t.make.loginAs('admin');
    const available = async () => (await request(t.app).get(`/api/store/get/${store.id}`)).body.data.available;
    expect(await available()).toBe(true);

    const disabled = await request(t.app).post(`/api/user/update/${owner.user.id}`).set(admin.auth).send({ status: 1 });
    expect(disabled.status).toBe(200);
    expect(await available()).toBe(false);
    const inList = await request(t.app).get('/api/store/getAll?per_page=50');
    expect(inList.body.data.data.find((s: { id: number }) => s.id === store.id).available).toBe(false);

    const before = await orderRows();
    const refused = await request(t.app)
      .post('/api/order/create')
      .set(farmer.auth)
      .send(order(store.id, product.id, { client_id: 'to-a-disabled-store' }));
    expectRefusal(refused, 'store_unavailable');
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe('هذا المتجر غير متاح حالياً');
    expect(await orderRows()).toBe(before);

    await request(t.app).post(`/api/user/update/${owner.user.id}`).set(admin.auth).send({ status: 0 });
    expect(await available()).toBe(true);
    const placed = await request(t.app)
      .post('/api/order/create')
      .set(farmer.auth)
      .send(order(store.id, product.id, { client_id: 'to-a-disabled-store' }));
    expect(placed.status).toBe(200);
  });

  it('is only status 1: a store account in trial (2) takes orders and is available', async () => {
    const trial = await t.make.loginAs('trialStore');
    const product = await t.make.product(trial.store!.id, { price_cents: 1250 });
    const farmer = await t.make.loginAs('farmer');
    const res = await request(t.app)
      .post('/api/order/create')
      .set(farmer.auth)
      .send(order(trial.store!.id, product.id));
    expect(res.status).toBe(200);
    expect((await request(t.app).get(`/api/store/get/${trial.store!.id}`)).body.data.available).toBe(true);
  });

  it("changes the store lists' and the store's ETag when its owner's status changes (a cached list shows `available`)", async () => {
    const { owner, store } = await shop();
    const admin = await t.make.loginAs('admin');
    const urls = ['/api/store/getAll?per_page=50', `/api/store/get/${store.id}`];
    const etags = await Promise.all(urls.map(async (url) => (await request(t.app).get(url)).headers.etag as string));
    for (const [i, url] of urls.entries()) {
      expect(etags[i], url).toBeTruthy();
      expect((await request(t.app).get(url).set('If-None-Match', etags[i])).status, url).toBe(304);
    }
    await request(t.app).post(`/api/user/update/${owner.user.id}`).set(admin.auth).send({ status: 1 });
    for (const [i, url] of urls.entries()) {
      const res = await request(t.app).get(url).set('If-None-Match', etags[i]);
      expect(res.status, url).toBe(200);
      expect(res.headers.etag, url).not.toBe(etags[i]);
      const json = i === 0 ? res.body.data.data.find((s: { id: number }) => s.id === store.id) : res.body.data;
      expect(json.available, url).toBe(false);
    }
  });
});

describe("the farmer's delivery province (user/update)", () => {
  it('is set by the user (Arabic-Indic digits), returned with the user, cleared with null; 13 is 422', async () => {
    const farmer = await t.make.loginAs('farmer');
    const set = await request(t.app)
      .post(`/api/user/update/${farmer.user.id}`)
      .set(farmer.auth)
      .send({ province: '١١', address: 'ريف دمشق، دوما' });
    expect(set.status).toBe(200);
    expect(set.body.data.user).toMatchObject({ province: 11, address: 'ريف دمشق، دوما' });
    const me = await request(t.app).get('/api/auth/user').set(farmer.auth);
    expect(me.body.data.user.province).toBe(11);

    const bad = await request(t.app).post(`/api/user/update/${farmer.user.id}`).set(farmer.auth).send({ province: 13 });
    expectRefusal(bad, 'validation_failed');
    expect(bad.body.error.fields).toEqual({ province: 'المحافظة غير صالحة' });
    expect((await request(t.app).get('/api/auth/user').set(farmer.auth)).body.data.user.province).toBe(11);

    const form = await request(t.app)
      .post(`/api/user/update/${farmer.user.id}`)
      .set(farmer.auth)
      .field('province', '٣');
    expect(form.body.data.user.province).toBe(3);
    const cleared = await request(t.app)
      .post(`/api/user/update/${farmer.user.id}`)
      .set(farmer.auth)
      .send({ province: null });
    expect(cleared.body.data.user.province).toBeNull();
    // another user's province is not theirs to change
    const other = await t.make.loginAs('farmer');
    const refused = await request(t.app)
      .post(`/api/user/update/${other.user.id}`)
      .set(farmer.auth)
      .send({ province: 2 });
    expectRefusal(refused, 'forbidden');
  });
});
