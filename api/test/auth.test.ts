import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, uniquePhone } from './helpers/factories';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

describe('auth', () => {
  it('requires authentication for user, logout and change-password', async () => {
    for (const [method, path] of [
      ['get', '/api/auth/user'],
      ['post', '/api/auth/logout'],
      ['post', '/api/auth/change-password'],
    ] as const) {
      const res = await request(t.app)[method](path);
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({ status: 401, error: { code: 'unauthenticated', message: 'يجب تسجيل الدخول أولاً' } });
    }
  });

  it('answers a bad token with 401 invalidToken', async () => {
    const res = await request(t.app).get('/api/auth/user').set('Authorization', 'Bearer nope');
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('انتهت الجلسة، يرجى تسجيل الدخول من جديد');
  });

  describe('register', () => {
    it('creates a farmer and returns a working token', async () => {
      const phone = uniquePhone();
      const res = await request(t.app).post('/api/auth/register').send({
        phone,
        name: 'سعيد',
        type: 2,
        password: 'abcd1234',
        password_confirmation: 'abcd1234',
      });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(200);
      expect(res.body.data.user).toMatchObject({
        phone,
        name: 'سعيد',
        type: 2,
        status: 0,
        has_store: false,
        store: null,
      });
      const me = await request(t.app).get('/api/auth/user').set('Authorization', `Bearer ${res.body.data.token}`);
      expect(me.body.data.user.id).toBe(res.body.data.user.id);
    });

    it('starts store accounts in trial (status 2) and accepts Arabic-Indic digits', async () => {
      const res = await request(t.app).post('/api/auth/register').send({
        phone: '٠٩٨٨٧٧٦٦٥٥',
        name: 'مشتل الورد',
        type: '٣',
        password: 'abcd',
        password_confirmation: 'abcd',
      });
      expect(res.status).toBe(200);
      expect(res.body.data.user).toMatchObject({ phone: '0988776655', type: 3, status: 2 });
    });

    it('refuses type 0 (admin) and reports every bad field in Arabic', async () => {
      const res = await request(t.app)
        .post('/api/auth/register')
        .send({ phone: 'x', type: 0, password: '1', password_confirmation: '2' });
      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe('البيانات المدخلة غير صالحة');
      expect(Object.keys(res.body.error.fields).sort()).toEqual(
        ['name', 'password', 'password_confirmation', 'phone', 'type'].sort(),
      );
      expect(res.body.error.fields.type).toBe('قيمة غير صالحة');
    });

    it('answers 409 when the phone is taken', async () => {
      const existing = await t.make.user();
      const res = await request(t.app).post('/api/auth/register').send({
        phone: existing.phone,
        name: 'مكرر',
        type: 2,
        password: 'abcd',
        password_confirmation: 'abcd',
      });
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({
        code: 'conflict',
        message: 'رقم الهاتف مسجل مسبقاً',
        fields: { phone: 'رقم الهاتف مسجل مسبقاً' },
      });
    });
  });

  describe('login', () => {
    it('returns a token and the user with has_store and store', async () => {
      const user = await t.make.user({ type: 1 });
      const store = await t.make.store(user.id);
      const res = await request(t.app).post('/api/auth/login').send({ phone: user.phone, password: TEST_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.body.data.user).toMatchObject({ id: user.id, has_store: true, store: { id: store.id } });
      expect(res.body.data.user).not.toHaveProperty('password_hash');
    });

    it('answers 401 with an Arabic message for a wrong password or unknown phone', async () => {
      const user = await t.make.user();
      for (const body of [
        { phone: user.phone, password: 'wrong-one' },
        { phone: uniquePhone(), password: 'whatever' },
      ]) {
        const res = await request(t.app).post('/api/auth/login').send(body);
        expect(res.status).toBe(401);
        expect(res.body.error.message).toBe('رقم الهاتف أو كلمة المرور غير صحيحة');
      }
    });

    it('answers 422 with field messages for missing fields', async () => {
      const res = await request(t.app).post('/api/auth/login').send({});
      expect(res.status).toBe(422);
      expect(res.body.error.fields).toEqual({ phone: 'هذا الحقل مطلوب', password: 'هذا الحقل مطلوب' });
    });

    it('blocks a phone after 10 failures with 429, even with the right password', async () => {
      const user = await t.make.user();
      for (let i = 0; i < 10; i++) {
        const res = await request(t.app)
          .post('/api/auth/login')
          .send({ phone: user.phone, password: `bad-${i}` });
        expect(res.status).toBe(401);
      }
      const res = await request(t.app).post('/api/auth/login').send({ phone: user.phone, password: TEST_PASSWORD });
      expect(res.status).toBe(429);
      expect(res.body.error.message).toBe('محاولات كثيرة، يرجى المحاولة بعد قليل');
    });
  });

  it('logout revokes only the token used', async () => {
    const user = await t.make.user();
    const a = await t.make.signIn(user);
    const b = await t.make.signIn(user);
    const res = await request(t.app).post('/api/auth/logout').set(a.auth);
    expect(res.status).toBe(200);
    expect((await request(t.app).get('/api/auth/user').set(a.auth)).status).toBe(401);
    expect((await request(t.app).get('/api/auth/user').set(b.auth)).status).toBe(200);
  });

  describe('change-password', () => {
    it('requires the current password (422 when wrong) and then changes it', async () => {
      const user = await t.make.user();
      const me = await t.make.signIn(user);
      const other = await t.make.signIn(user);
      const wrong = await request(t.app)
        .post('/api/auth/change-password')
        .set(me.auth)
        .send({ current_password: 'nope', password: 'newpass1', password_confirmation: 'newpass1' });
      expect(wrong.status).toBe(422);
      expect(wrong.body.error.fields.current_password).toBe('كلمة المرور الحالية غير صحيحة');

      const missing = await request(t.app)
        .post('/api/auth/change-password')
        .set(me.auth)
        .send({ password: 'newpass1', password_confirmation: 'other' });
      expect(missing.status).toBe(422);
      expect(missing.body.error.fields).toMatchObject({
        current_password: 'هذا الحقل مطلوب',
        password_confirmation: 'كلمتا المرور غير متطابقتين',
      });

      const ok = await request(t.app)
        .post('/api/auth/change-password')
        .set(me.auth)
        .send({ current_password: TEST_PASSWORD, password: 'newpass1', password_confirmation: 'newpass1' });
      expect(ok.status).toBe(200);
      const login = await request(t.app).post('/api/auth/login').send({ phone: user.phone, password: 'newpass1' });
      expect(login.status).toBe(200);
      // other sessions are signed out, this one stays
      expect((await request(t.app).get('/api/auth/user').set(other.auth)).status).toBe(401);
      expect((await request(t.app).get('/api/auth/user').set(me.auth)).status).toBe(200);
    });
  });

  describe('forget-password', () => {
    it('records one open request per phone and always answers 200 with the Arabic message', async () => {
      const user = await t.make.user();
      for (const phone of [user.phone, user.phone, uniquePhone()]) {
        const res = await request(t.app).post('/api/auth/forget-password').send({ phone });
        expect(res.status).toBe(200);
        expect(res.body.data.message).toBe('تم استلام طلبك، سيتواصل معك فريق الدعم');
      }
      const rows = await t.db
        .selectFrom('password_reset_requests')
        .selectAll()
        .where('phone', '=', user.phone)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0].user_id).toBe(user.id);
    });

    it('answers 422 for an invalid phone', async () => {
      const res = await request(t.app).post('/api/auth/forget-password').send({ phone: 'abc' });
      expect(res.status).toBe(422);
      expect(res.body.error.fields.phone).toBe('رقم الهاتف غير صالح');
    });
  });
});
