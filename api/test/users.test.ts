import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from './helpers/factories';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

describe('users', () => {
  it('requires authentication', async () => {
    for (const [method, path] of [
      ['get', '/api/user/getAll'],
      ['post', '/api/user/update/1'],
      ['get', '/api/user/password-requests'],
      ['post', '/api/user/set-password/1'],
    ] as const) {
      expect((await request(t.app)[method](path)).status, path).toBe(401);
    }
  });

  describe('GET user/getAll', () => {
    it('gives the admin a paged list with open password-reset requests', async () => {
      const admin = await t.make.loginAs('admin');
      const asking = await t.make.user({ name: 'نسي كلمة المرور' });
      await request(t.app).post('/api/auth/forget-password').send({ phone: asking.phone });
      const res = await request(t.app).get('/api/user/getAll?per_page=50').set(admin.auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ current_page: 1, per_page: 50 });
      expect(res.body.data.total).toBeGreaterThanOrEqual(2);
      const row = res.body.data.data.find((u: { id: number }) => u.id === asking.id);
      expect(row).toMatchObject({ name: 'نسي كلمة المرور', password_reset_requests: 1, has_store: false });
      expect(row).not.toHaveProperty('password_hash');
    });

    it('filters by type and refuses a bad type or page with 422', async () => {
      const admin = await t.make.loginAs('admin');
      await t.make.loginAs('nursery');
      const res = await request(t.app).get('/api/user/getAll?type=3').set(admin.auth);
      expect(res.body.data.data.length).toBeGreaterThan(0);
      expect(res.body.data.data.every((u: { type: number }) => u.type === 3)).toBe(true);
      expect((await request(t.app).get('/api/user/getAll?type=9').set(admin.auth)).status).toBe(422);
      const bad = await request(t.app).get('/api/user/getAll?page_number=0').set(admin.auth);
      expect(bad.status).toBe(422);
      expect(bad.body.error.fields.page_number).toBe('قيمة غير صالحة');
    });

    it('is 403 for everyone but the admin', async () => {
      for (const role of ['farmer', 'store', 'nursery'] as const) {
        const who = await t.make.loginAs(role);
        expect((await request(t.app).get('/api/user/getAll').set(who.auth)).status, role).toBe(403);
      }
    });
  });

  describe('POST user/update/{id}', () => {
    it('lets a user change their own name, phone and address', async () => {
      const me = await t.make.loginAs('farmer');
      const res = await request(t.app)
        .post(`/api/user/update/${me.user.id}`)
        .set(me.auth)
        .send({ name: 'اسم جديد', phone: '٠٩٩٩١٢٣٤٥٦', address: 'حمص' });
      expect(res.status).toBe(200);
      expect(res.body.data.user).toMatchObject({ name: 'اسم جديد', phone: '0999123456', address: 'حمص' });
    });

    it('refuses a status change by the user itself (403) but lets the admin set it', async () => {
      const store = await t.make.loginAs('trialStore');
      const self = await request(t.app).post(`/api/user/update/${store.user.id}`).set(store.auth).send({ status: 0 });
      expect(self.status).toBe(403);
      const admin = await t.make.loginAs('admin');
      const res = await request(t.app).post(`/api/user/update/${store.user.id}`).set(admin.auth).send({ status: 1 });
      expect(res.status).toBe(200);
      expect(res.body.data.user.status).toBe(1);
    });

    it('refuses the admin disabling their own account (403) and keeps the status', async () => {
      const admin = await t.make.loginAs('admin');
      const res = await request(t.app).post(`/api/user/update/${admin.user.id}`).set(admin.auth).send({ status: 1 });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe('ليس لديك صلاحية للقيام بهذا الإجراء');
      const me = await request(t.app).get('/api/auth/user').set(admin.auth);
      expect(me.body.data.user.status).toBe(0);
      // the same status (a form sending the whole user back) is still fine
      const same = await request(t.app)
        .post(`/api/user/update/${admin.user.id}`)
        .set(admin.auth)
        .send({ status: 0, name: 'المدير' });
      expect(same.status).toBe(200);
    });

    it('ignores type in the body', async () => {
      const me = await t.make.loginAs('farmer');
      const res = await request(t.app).post(`/api/user/update/${me.user.id}`).set(me.auth).send({ type: 0 });
      expect(res.status).toBe(200);
      expect(res.body.data.user.type).toBe(2);
    });

    it("is 403 on someone else's account, 404 for no such user, 409 for a taken phone, 422 for bad fields", async () => {
      const me = await t.make.loginAs('farmer');
      const other = await t.make.user();
      expect((await request(t.app).post(`/api/user/update/${other.id}`).set(me.auth).send({ name: 'x' })).status).toBe(
        403,
      );
      expect((await request(t.app).post('/api/user/update/99999999').set(me.auth).send({ name: 'x' })).status).toBe(
        404,
      );
      const taken = await request(t.app)
        .post(`/api/user/update/${me.user.id}`)
        .set(me.auth)
        .send({ phone: other.phone });
      expect(taken.status).toBe(409);
      expect(taken.body.error).toEqual({
        code: 'conflict',
        message: 'رقم الهاتف مسجل مسبقاً',
        fields: { phone: 'رقم الهاتف مسجل مسبقاً' },
      });
      const bad = await request(t.app)
        .post(`/api/user/update/${me.user.id}`)
        .set(me.auth)
        .send({ name: '', phone: '12', address: 'x'.repeat(301) });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.error.fields).sort()).toEqual(['address', 'name', 'phone']);
      const unchanged = await t.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', me.user.id)
        .executeTakeFirstOrThrow();
      expect(unchanged.name).toBe(me.user.name);
    });
  });

  describe('password requests', () => {
    it('lists open requests to the admin and set-password resolves them and signs the user out', async () => {
      const admin = await t.make.loginAs('admin');
      const user = await t.make.user({ name: 'منسي' });
      const session = await t.make.signIn(user);
      await request(t.app).post('/api/auth/forget-password').send({ phone: user.phone });

      const list = await request(t.app).get('/api/user/password-requests').set(admin.auth);
      expect(list.status).toBe(200);
      expect(list.body.data.data).toContainEqual(
        expect.objectContaining({ user_id: user.id, phone: user.phone, user_name: 'منسي' }),
      );

      const farmer = await t.make.loginAs('farmer');
      expect((await request(t.app).get('/api/user/password-requests').set(farmer.auth)).status).toBe(403);
      expect(
        (await request(t.app).post(`/api/user/set-password/${user.id}`).set(farmer.auth).send({ password: 'temp1234' }))
          .status,
      ).toBe(403);

      const short = await request(t.app)
        .post(`/api/user/set-password/${user.id}`)
        .set(admin.auth)
        .send({ password: '1' });
      expect(short.status).toBe(422);
      expect(short.body.error.fields.password).toBe('قصيرة جداً: 4 أحرف على الأقل');
      expect(
        (await request(t.app).post('/api/user/set-password/99999999').set(admin.auth).send({ password: 'temp1234' }))
          .status,
      ).toBe(404);

      const set = await request(t.app)
        .post(`/api/user/set-password/${user.id}`)
        .set(admin.auth)
        .send({ password: 'temp1234' });
      expect(set.status).toBe(200);
      expect((await request(t.app).get('/api/auth/user').set(session.auth)).status).toBe(401);
      expect(
        (await request(t.app).post('/api/auth/login').send({ phone: user.phone, password: 'temp1234' })).status,
      ).toBe(200);
      expect(
        (await request(t.app).post('/api/auth/login').send({ phone: user.phone, password: TEST_PASSWORD })).status,
      ).toBe(401);
      const after = await request(t.app).get('/api/user/password-requests').set(admin.auth);
      expect(after.body.data.data.find((r: { user_id: number }) => r.user_id === user.id)).toBeUndefined();
    });
  });
});
