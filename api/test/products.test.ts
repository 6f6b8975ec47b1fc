import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();
const body = { name: 'بذور كوسا', type: 1, price: '3.5', is_special: false, description: 'عبوة 100 غ' };

describe('products', () => {
  it('requires authentication for create, update and delete', async () => {
    for (const path of ['/api/product/create', '/api/product/update/1', '/api/product/delete/1']) {
      expect((await request(t.app).post(path).send(body)).status, path).toBe(401);
    }
  });

  it('lists with store_id, type and Arabic-normalised q filters', async () => {
    const owner = await t.make.user({ type: 1 });
    const store = await t.make.store(owner.id);
    const seeds = await t.make.product(store.id, { name: 'بذور بندورة هجينة', type: 1, description: null });
    await t.make.product(store.id, { name: 'سماد يوريا', type: 3 });
    const byStore = await request(t.app).get(`/api/product/getAll?store_id=${store.id}`);
    expect(byStore.body.data.total).toBe(2);
    const byType = await request(t.app).get(`/api/product/getAll?store_id=${store.id}&type=1`);
    expect(byType.body.data.data.map((p: { id: number }) => p.id)).toEqual([seeds.id]);
    const byQ = await request(t.app).get(`/api/product/getAll?q=${encodeURIComponent('بَنْدورَه')}`);
    expect(byQ.body.data.data.map((p: { id: number }) => p.id)).toContain(seeds.id);
    const none = await request(t.app).get(`/api/product/getAll?q=${encodeURIComponent('%')}`);
    expect(none.body.data.total).toBe(0);
    expect((await request(t.app).get('/api/product/getAll?type=7')).status).toBe(422);
    expect((await request(t.app).get('/api/product/getAll?store_id=abc')).status).toBe(422);
  });

  it('pages through a filtered list without gaps or repeats, newest first', async () => {
    const owner = await t.make.user({ type: 1 });
    const store = await t.make.store(owner.id);
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await t.make.product(store.id, { name: `صفحة ${i}` })).id);
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await request(t.app).get(`/api/product/getAll?store_id=${store.id}&per_page=2&page_number=${page}`);
      expect(res.body.data).toMatchObject({ current_page: page, last_page: 3, total: 5 });
      seen.push(...res.body.data.data.map((p: { id: number }) => p.id));
    }
    expect(seen).toEqual([...made].reverse());
    const beyond = await request(t.app).get(`/api/product/getAll?store_id=${store.id}&per_page=2&page_number=4`);
    expect(beyond.body.data.data).toEqual([]);
  });

  it('gets one product with its price as "12.50" and cents, or 404', async () => {
    const owner = await t.make.user({ type: 1 });
    const store = await t.make.store(owner.id);
    const p = await t.make.product(store.id, { price_cents: 1250, is_special: 1 });
    const res = await request(t.app).get(`/api/product/get/${p.id}`);
    expect(res.body.data).toMatchObject({
      id: p.id,
      price: '12.50',
      price_cents: 1250,
      is_special: true,
      store: { id: store.id, name_store: store.name_store },
    });
    expect((await request(t.app).get('/api/product/get/999999')).status).toBe(404);
  });

  it("creates in the owner's store with the price in cents (Arabic digits accepted)", async () => {
    const me = await t.make.loginAs('store');
    const res = await request(t.app)
      .post('/api/product/create')
      .set(me.auth)
      .send({ ...body, price: '١٢٫٥' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ store_id: me.store!.id, price: '12.50', price_cents: 1250, type: 1 });
    const form = await request(t.app)
      .post('/api/product/create')
      .set(me.auth)
      .field('name', 'سماد')
      .field('type', '3')
      .field('price', '0')
      .field('is_special', 'true');
    expect(form.status).toBe(200);
    expect(form.body.data).toMatchObject({ price: '0.00', is_special: true, description: null });
  });

  it("keeps a description's lines: a form's CRLF (as a browser sends a textarea) is stored as LF; a lone CR is refused", async () => {
    const me = await t.make.loginAs('store');
    const lines = await request(t.app)
      .post('/api/product/create')
      .set(me.auth)
      .field('name', 'مبيد فطري')
      .field('type', '1')
      .field('price', '5')
      .field('is_special', 'false')
      .field('description', 'الجرعة: 2 غ لكل لتر\r\nيرش صباحاً\r\n\r\nيحفظ بعيداً عن الأطفال');
    expect(lines.status, JSON.stringify(lines.body)).toBe(200);
    expect(lines.body.data.description).toBe('الجرعة: 2 غ لكل لتر\nيرش صباحاً\n\nيحفظ بعيداً عن الأطفال');
    const json = await request(t.app)
      .post('/api/product/create')
      .set(me.auth)
      .send({ ...body, description: 'سطر\r\nسطر' });
    expect(json.body.data.description).toBe('سطر\nسطر');
    const lone = await request(t.app)
      .post('/api/product/create')
      .set(me.auth)
      .send({ ...body, description: 'سطر\rسطر' });
    expect(lone.status).toBe(422);
    expect(lone.body.error.fields.description).toMatch(/[\u0600-\u06FF]/);
  });

  it('is 403 for farmers, the admin, disabled stores, accounts without a store and a foreign store_id', async () => {
    for (const role of ['farmer', 'admin'] as const) {
      const who = await t.make.loginAs(role);
      expect((await request(t.app).post('/api/product/create').set(who.auth).send(body)).status, role).toBe(403);
    }
    const disabled = await t.make.loginAs('disabledStore');
    const res = await request(t.app).post('/api/product/create').set(disabled.auth).send(body);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('اشتراكك منتهي الصلاحية');
    const storeless = await t.make.loginAs('store', { withStore: false });
    const none = await request(t.app).post('/api/product/create').set(storeless.auth).send(body);
    expect(none.status).toBe(403);
    expect(none.body.error.message).toBe('هذا الحساب لا يملك متجراً');
    const me = await t.make.loginAs('store');
    const other = await t.make.loginAs('store');
    expect(
      (
        await request(t.app)
          .post('/api/product/create')
          .set(me.auth)
          .send({ ...body, store_id: other.store!.id })
      ).status,
    ).toBe(403);
  });

  it('answers 422 with field messages and stores nothing', async () => {
    const me = await t.make.loginAs('store');
    const res = await request(t.app)
      .post('/api/product/create')
      .set(me.auth)
      .send({ name: '', type: 9, price: '-1', is_special: 'x' });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({
      name: 'هذا الحقل مطلوب',
      type: 'قيمة غير صالحة',
      price: 'يجب ألا تقل القيمة عن 0',
      is_special: 'يجب أن تكون القيمة نعم أو لا',
    });
    const decimals = await request(t.app)
      .post('/api/product/create')
      .set(me.auth)
      .send({ ...body, price: '1.234' });
    expect(decimals.status).toBe(422);
    expect(decimals.body.error.fields.price).toBe('السعر يقبل رقمين عشريين على الأكثر');
    const count = await t.db.selectFrom('products').select('id').where('store_id', '=', me.store!.id).execute();
    expect(count).toHaveLength(0);
  });

  it('answers 422 with Arabic field messages on update and keeps the product', async () => {
    const me = await t.make.loginAs('store');
    const product = await t.make.product(me.store!.id, { name: 'الاسم الأصلي', price_cents: 700 });
    const res = await request(t.app)
      .post(`/api/product/update/${product.id}`)
      .set(me.auth)
      .send({ name: '', type: 9, price: '-1', is_special: 'x' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      status: 422,
      error: {
        code: 'validation_failed',
        message: 'البيانات المدخلة غير صالحة',
        fields: {
          name: 'هذا الحقل مطلوب',
          type: 'قيمة غير صالحة',
          price: 'يجب ألا تقل القيمة عن 0',
          is_special: 'يجب أن تكون القيمة نعم أو لا',
        },
      },
    });
    const decimals = await request(t.app)
      .post(`/api/product/update/${product.id}`)
      .set(me.auth)
      .field('name', 'سماد')
      .field('type', '1')
      .field('price', '١٫٢٣٤');
    expect(decimals.status).toBe(422);
    expect(decimals.body.error.fields.price).toBe('السعر يقبل رقمين عشريين على الأكثر');
    const row = await t.db
      .selectFrom('products')
      .select(['name', 'price_cents'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'الاسم الأصلي', price_cents: 700 });
  });

  it('lets the owner and the admin update and delete; others get 403; missing ones 404', async () => {
    const me = await t.make.loginAs('store');
    const p = await t.make.product(me.store!.id);
    const upd = await request(t.app)
      .post(`/api/product/update/${p.id}`)
      .set(me.auth)
      .send({ ...body, price: 99.99 });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ name: body.name, price: '99.99', price_cents: 9999 });
    const admin = await t.make.loginAs('admin');
    const byAdmin = await request(t.app)
      .post(`/api/product/update/${p.id}`)
      .set(admin.auth)
      .send({ ...body, is_special: true });
    expect(byAdmin.body.data.is_special).toBe(true);

    const other = await t.make.loginAs('nursery');
    expect((await request(t.app).post(`/api/product/update/${p.id}`).set(other.auth).send(body)).status).toBe(403);
    expect((await request(t.app).post(`/api/product/delete/${p.id}`).set(other.auth)).status).toBe(403);
    const farmer = await t.make.loginAs('farmer');
    expect((await request(t.app).post(`/api/product/delete/${p.id}`).set(farmer.auth)).status).toBe(403);

    expect((await request(t.app).post('/api/product/update/999999').set(me.auth).send(body)).status).toBe(404);
    expect((await request(t.app).post(`/api/product/delete/${p.id}`).set(admin.auth)).status).toBe(200);
    expect((await request(t.app).get(`/api/product/get/${p.id}`)).status).toBe(404);
    expect((await request(t.app).post(`/api/product/delete/${p.id}`).set(me.auth)).status).toBe(404);
  });
});
