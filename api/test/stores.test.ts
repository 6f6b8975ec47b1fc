import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

const storeBody = { city: 2, address: 'حماة، ساحة العاصي', name_store: 'صيدلية العاصي', type: 0 };

describe('stores', () => {
  it('requires authentication for create, update and delete', async () => {
    for (const path of ['/api/store/create', '/api/store/update/1', '/api/store/delete/1']) {
      const res = await request(t.app).post(path).send(storeBody);
      expect(res.status, path).toBe(401);
    }
  });

  describe('reading', () => {
    it('lists stores paged, filters by type and city, and shows the caller conversation', async () => {
      const owner = await t.make.user({ type: 1 });
      const store = await t.make.store(owner.id, { type: 1, city: 9, name_store: 'عيادة السويداء' });
      await t.make.product(store.id);
      const farmer = await t.make.loginAs('farmer');
      const conv = await t.make.conversation(farmer.user.id, store);

      const res = await request(t.app).get('/api/store/get-By-city?type=1&city=9').set(farmer.auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ current_page: 1, last_page: 1, per_page: 12, total: 1 });
      expect(res.body.data.data[0]).toMatchObject({
        id: store.id,
        city: 9,
        city_name: 'السويداء',
        name_store: 'عيادة السويداء',
        type: 1,
        products_count: 1,
        has_conversation_with_me: true,
        conversation_id: conv.id,
        owner: { id: owner.id, name: owner.name },
      });

      const visitor = await request(t.app).get('/api/store/get-By-city?type=1&city=9');
      expect(visitor.body.data.data[0]).toMatchObject({ has_conversation_with_me: false, conversation_id: null });

      const allCities = await request(t.app).get('/api/store/get-By-city?type=1');
      expect(allCities.body.data.total).toBeGreaterThanOrEqual(1);
      expect(allCities.body.data.data.every((s: { type: number }) => s.type === 1)).toBe(true);
    });

    it('pages with page_number and per_page (max 50)', async () => {
      const owners = await Promise.all(Array.from({ length: 5 }, () => t.make.user({ type: 1 })));
      for (const o of owners) await t.make.store(o.id, { city: 8 });
      const p1 = await request(t.app).get('/api/store/get-By-city?city=8&per_page=2');
      const p3 = await request(t.app).get('/api/store/get-By-city?city=8&per_page=2&page_number=3');
      expect(p1.body.data).toMatchObject({ current_page: 1, last_page: 3, per_page: 2, total: 5 });
      expect(p3.body.data.data).toHaveLength(1);
      const big = await request(t.app).get('/api/store/getAll?per_page=500');
      expect(big.body.data.per_page).toBe(50);
    });

    it('answers 422 for a bad city or type filter and 404 for no such store', async () => {
      const badCity = await request(t.app).get('/api/store/get-By-city?city=13');
      expect(badCity.status).toBe(422);
      expect(badCity.body.error.fields.city).toBe('المحافظة غير صالحة');
      expect((await request(t.app).get('/api/store/get-By-city?type=2')).status).toBe(422);
      expect((await request(t.app).get('/api/store/get/999999')).status).toBe(404);
      expect((await request(t.app).get('/api/store/get/abc')).status).toBe(404);
      expect((await request(t.app).get('/api/store/get-page/999999')).status).toBe(404);
    });

    it("never shows the owner's phone or account status to visitors and other users", async () => {
      const me = await t.make.loginAs('store');
      const store = me.store!;
      await t.db.updateTable('stores').set({ city: 11 }).where('id', '=', store.id).execute();
      const farmer = await t.make.loginAs('farmer');
      const admin = await t.make.loginAs('admin');
      const calls = [
        `/api/store/get/${store.id}`,
        `/api/store/get-page/${store.id}`,
        '/api/store/getAll?per_page=50',
        '/api/store/get-By-city?city=11&per_page=50',
        `/api/search?q=${encodeURIComponent(store.name_store)}`,
      ];
      const findStore = (body: { data: Record<string, unknown> }) => {
        const d = body.data as {
          id?: number;
          store?: unknown;
          data?: { id: number }[];
          stores?: { data: { id: number }[] };
        };
        if (d.store) return d.store as Record<string, unknown>;
        if (d.stores) return d.stores.data.find((s) => s.id === store.id);
        if (d.data) return d.data.find((s) => s.id === store.id);
        return d;
      };
      for (const path of calls) {
        for (const viewer of [undefined, farmer.auth]) {
          const req = request(t.app).get(path);
          const res = viewer ? await req.set(viewer) : await req;
          expect(res.status, path).toBe(200);
          const json = JSON.stringify(res.body);
          expect(json, path).not.toContain(me.user.phone);
          expect(findStore(res.body), path).toMatchObject({
            id: store.id,
            owner: { id: me.user.id, name: me.user.name },
          });
          expect(Object.keys((findStore(res.body) as { owner: object }).owner).sort(), path).toEqual(['id', 'name']);
        }
        // the owner and the admin still see them
        for (const viewer of [me.auth, admin.auth]) {
          const res = await request(t.app).get(path).set(viewer);
          expect(findStore(res.body), path).toMatchObject({ owner: { phone: me.user.phone, status: 0 } });
        }
      }
    });

    it('accepts Arabic-Indic digits in the path id', async () => {
      const owner = await t.make.user({ type: 1 });
      const store = await t.make.store(owner.id);
      const arabic = String(store.id).replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
      const persian = String(store.id).replace(/[0-9]/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
      for (const id of [arabic, persian]) {
        const res = await request(t.app).get(`/api/store/get/${encodeURIComponent(id)}`);
        expect(res.status, id).toBe(200);
        expect(res.body.data.id).toBe(store.id);
        const page = await request(t.app).get(`/api/store/get-page/${encodeURIComponent(id)}`);
        expect(page.body.data.store.id).toBe(store.id);
      }
      expect((await request(t.app).get(`/api/store/get/${encodeURIComponent('١a')}`)).status).toBe(404);
      expect((await request(t.app).get(`/api/store/get/${encodeURIComponent('٠')}`)).status).toBe(404);
    });

    it("get-page returns the store's products paged plus the store", async () => {
      const owner = await t.make.user({ type: 1 });
      const store = await t.make.store(owner.id);
      for (let i = 0; i < 3; i++) await t.make.product(store.id, { name: `منتج ${i}`, is_special: i === 0 ? 1 : 0 });
      const res = await request(t.app).get(`/api/store/get-page/${store.id}?per_page=2`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ total: 3, last_page: 2, store: { id: store.id } });
      expect(res.body.data.data[0]).toMatchObject({
        name: 'منتج 0',
        is_special: true,
        price: '12.50',
        price_cents: 1250,
      });
    });
  });

  describe('POST store/create', () => {
    it('creates the store of a store account without one', async () => {
      const me = await t.make.loginAs('store', { withStore: false });
      const res = await request(t.app).post('/api/store/create').set(me.auth).send(storeBody);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ ...storeBody, user_id: me.user.id, city_name: 'حماة', image: null });
      const user = await request(t.app).get('/api/auth/user').set(me.auth);
      expect(user.body.data.user).toMatchObject({ has_store: true, store: { id: res.body.data.id } });
    });

    it('accepts multipart form data with Arabic-Indic digits', async () => {
      const me = await t.make.loginAs('nursery', { withStore: false });
      const res = await request(t.app)
        .post('/api/store/create')
        .set(me.auth)
        .field('city', '٤')
        .field('address', 'اللاذقية')
        .field('name_store', 'مشتل البحر')
        .field('type', '٣');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ city: 4, type: 3 });
    });

    it('is 409 when the account already has a store', async () => {
      const me = await t.make.loginAs('store');
      const res = await request(t.app).post('/api/store/create').set(me.auth).send(storeBody);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe('لديك متجر مسبقاً');
    });

    it('is 403 for farmers, for a disabled account, and for a user_id naming someone else', async () => {
      const farmer = await t.make.loginAs('farmer');
      expect((await request(t.app).post('/api/store/create').set(farmer.auth).send(storeBody)).status).toBe(403);
      const disabled = await t.make.loginAs('disabledStore', { withStore: false });
      const res = await request(t.app).post('/api/store/create').set(disabled.auth).send(storeBody);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe('اشتراكك منتهي الصلاحية');
      const me = await t.make.loginAs('store', { withStore: false });
      const other = await t.make.user({ type: 1 });
      const mismatch = await request(t.app)
        .post('/api/store/create')
        .set(me.auth)
        .send({ ...storeBody, user_id: other.id });
      expect(mismatch.status).toBe(403);
      expect(mismatch.body.error.message).toBe('لا يمكنك الكتابة باسم مستخدم آخر');
    });

    it('lets the admin create a store for a store account (user_id required)', async () => {
      const admin = await t.make.loginAs('admin');
      const owner = await t.make.user({ type: 3 });
      const missing = await request(t.app).post('/api/store/create').set(admin.auth).send(storeBody);
      expect(missing.status).toBe(422);
      expect(missing.body.error.fields.user_id).toBe('هذا الحقل مطلوب');
      const farmer = await t.make.user({ type: 2 });
      const notStore = await request(t.app)
        .post('/api/store/create')
        .set(admin.auth)
        .send({ ...storeBody, user_id: farmer.id });
      expect(notStore.status).toBe(422);
      const res = await request(t.app)
        .post('/api/store/create')
        .set(admin.auth)
        .send({ ...storeBody, user_id: owner.id, type: 3 });
      expect(res.status).toBe(200);
      expect(res.body.data.user_id).toBe(owner.id);
    });

    it('answers 422 with every field message', async () => {
      const me = await t.make.loginAs('store', { withStore: false });
      const res = await request(t.app)
        .post('/api/store/create')
        .set(me.auth)
        .send({ city: 40, type: 2, name_store: '' });
      expect(res.status).toBe(422);
      expect(res.body.error.fields).toEqual({
        city: 'المحافظة غير صالحة',
        type: 'قيمة غير صالحة',
        name_store: 'هذا الحقل مطلوب',
        address: 'هذا الحقل مطلوب',
      });
      expect(await t.db.selectFrom('stores').select('id').where('user_id', '=', me.user.id).executeTakeFirst()).toBe(
        undefined,
      );
    });
  });

  describe('POST store/update and store/delete', () => {
    it('lets the owner update and the admin update', async () => {
      const me = await t.make.loginAs('store');
      const res = await request(t.app)
        .post(`/api/store/update/${me.store!.id}`)
        .set(me.auth)
        .send({ ...storeBody, name_store: 'الاسم الجديد' });
      expect(res.status).toBe(200);
      expect(res.body.data.name_store).toBe('الاسم الجديد');
      const admin = await t.make.loginAs('admin');
      const byAdmin = await request(t.app)
        .post(`/api/store/update/${me.store!.id}`)
        .set(admin.auth)
        .send({ ...storeBody, city: 12 });
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body.data).toMatchObject({ city: 12, user_id: me.user.id });
    });

    it('refuses an owner change on update (422 user_id) instead of ignoring it, and keeps the store', async () => {
      const me = await t.make.loginAs('store');
      const admin = await t.make.loginAs('admin');
      const farmer = await t.make.loginAs('farmer');
      const res = await request(t.app)
        .post(`/api/store/update/${me.store!.id}`)
        .set(admin.auth)
        .send({ ...storeBody, user_id: farmer.user.id, name_store: 'لن يحفظ' });
      expect(res.status).toBe(422);
      expect(res.body.error.fields).toEqual({ user_id: 'قيمة غير صالحة' });
      const after = await request(t.app).get(`/api/store/get/${me.store!.id}`);
      expect(after.body.data).toMatchObject({ user_id: me.user.id, name_store: me.store!.name_store });
      // naming the current owner is fine
      const same = await request(t.app)
        .post(`/api/store/update/${me.store!.id}`)
        .set(admin.auth)
        .send({ ...storeBody, user_id: me.user.id });
      expect(same.status).toBe(200);
    });

    it('is 403 for another store account and for a disabled owner, 404 for no such store', async () => {
      const me = await t.make.loginAs('store');
      const other = await t.make.loginAs('store');
      expect(
        (await request(t.app).post(`/api/store/update/${me.store!.id}`).set(other.auth).send(storeBody)).status,
      ).toBe(403);
      expect((await request(t.app).post(`/api/store/delete/${me.store!.id}`).set(other.auth)).status).toBe(403);
      const disabled = await t.make.loginAs('disabledStore');
      const res = await request(t.app)
        .post(`/api/store/update/${disabled.store!.id}`)
        .set(disabled.auth)
        .send(storeBody);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe('اشتراكك منتهي الصلاحية');
      expect((await request(t.app).post('/api/store/update/999999').set(me.auth).send(storeBody)).status).toBe(404);
      expect((await request(t.app).post('/api/store/delete/999999').set(me.auth)).status).toBe(404);
    });

    it('answers 422 on a bad update and leaves the store unchanged', async () => {
      const me = await t.make.loginAs('store');
      const res = await request(t.app)
        .post(`/api/store/update/${me.store!.id}`)
        .set(me.auth)
        .send({ ...storeBody, city: 'دمشق' });
      expect(res.status).toBe(422);
      expect(res.body.error.fields.city).toBe('يجب أن يكون رقماً');
      const row = await t.db.selectFrom('stores').selectAll().where('id', '=', me.store!.id).executeTakeFirstOrThrow();
      expect(row.name_store).toBe(me.store!.name_store);
    });

    it('deletes the store with its products and conversations', async () => {
      const me = await t.make.loginAs('store');
      const product = await t.make.product(me.store!.id);
      const farmer = await t.make.user();
      const conv = await t.make.conversation(farmer.id, me.store!);
      const res = await request(t.app).post(`/api/store/delete/${me.store!.id}`).set(me.auth);
      expect(res.status).toBe(200);
      expect((await request(t.app).get(`/api/store/get/${me.store!.id}`)).status).toBe(404);
      expect(await t.db.selectFrom('products').select('id').where('id', '=', product.id).executeTakeFirst()).toBe(
        undefined,
      );
      expect(await t.db.selectFrom('conversations').select('id').where('id', '=', conv.id).executeTakeFirst()).toBe(
        undefined,
      );
    });
  });
});
