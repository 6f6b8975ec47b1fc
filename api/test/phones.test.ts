/**
 * One form for a phone (docs/decisions.md "Phone numbers"): `+963…`, `00963…` and `963…` are the
 * national `09…` wherever a phone enters — register, login (and its limits), forget-password,
 * user/update, an order's delivery phone, the admin's user search — and migration 015 rewrites the
 * accounts stored before in an international form, leaving alone the one whose number is taken.
 */
import { validationMessages } from '@agrivet/shared';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { canonicalPhonesMigration } from '../src/db/migrations/015-canonical-phones';
import { nowIso } from '../src/db/time';
import { expectRefusal } from './helpers/envelope';
import { TEST_PASSWORD, uniquePhone } from './helpers/factories';
import { useTestApi } from './helpers/test-api';

// behind a trusted proxy, so the login-limit test can play its own client address
const t = useTestApi({ trustProxy: true });

/** `0944…` written as `+963 944 …` and the other international forms. */
const plus = (national: string) => `+963${national.slice(1)}`;
const spaced = (national: string) => `+963 ${national.slice(1, 4)} ${national.slice(4, 7)} ${national.slice(7)}`;
const doubleZero = (national: string) => `00963${national.slice(1)}`;
const bare = (national: string) => `963${national.slice(1)}`;

const register = (phone: string) =>
  request(t.app)
    .post('/api/auth/register')
    .send({ phone, name: 'مزارع', type: 2, password: 'abcd1234', password_confirmation: 'abcd1234' });

const login = (phone: string, password: string, ip = '198.51.100.1') =>
  request(t.app).post('/api/auth/login').set('X-Forwarded-For', ip).send({ phone, password });

describe('auth/register', () => {
  it('stores +963… as 09…, so the same number as 09… is 409 phone taken', async () => {
    const phone = uniquePhone();
    const first = await register(plus(phone));
    expect(first.status).toBe(200);
    expect(first.body.data.user.phone).toBe(phone);
    const row = await t.db
      .selectFrom('users')
      .select('phone')
      .where('id', '=', first.body.data.user.id)
      .executeTakeFirst();
    expect(row?.phone).toBe(phone);
    for (const again of [phone, doubleZero(phone), bare(phone), spaced(phone)]) {
      const res = await register(again);
      expectRefusal(res, 'conflict');
      expect(res.body.error.fields, again).toEqual({ phone: 'رقم الهاتف مسجل مسبقاً' });
    }
  });

  it('refuses a Syrian mobile that is not 10 digits, however written, in Arabic', async () => {
    for (const phone of ['09441234567890', '094412345', '+96394412345', '00963944123456789']) {
      const res = await register(phone);
      expect(res.status, phone).toBe(422);
      expect(res.body.error.fields).toEqual({ phone: validationMessages.ar.invalidPhone });
    }
  });

  it('keeps accepting a landline', async () => {
    const res = await register(`011${String(process.pid).padStart(7, '0').slice(-7)}`);
    expect(res.status).toBe(200);
  });
});

describe('auth/login', () => {
  it('finds the 09… account with +963…, 00963…, 963… and spaces', async () => {
    const user = await t.make.user();
    for (const typed of [plus(user.phone), doubleZero(user.phone), bare(user.phone), spaced(user.phone)]) {
      const res = await login(typed, TEST_PASSWORD);
      expect(res.status, typed).toBe(200);
      expect(res.body.data.user.id).toBe(user.id);
    }
    expectRefusal(await login(plus(user.phone), 'wrong-password'), 'unauthenticated');
  });

  it('still accepts whatever it accepted: a phone it does not know is a wrong phone, not a 422', async () => {
    expectRefusal(await login('09441234567890', TEST_PASSWORD), 'unauthenticated');
  });

  it('counts +963… and 09… failures against one phone', async () => {
    const user = await t.make.user();
    const ip = '198.51.100.77';
    // the per-account limit of browsers without the device cookie: 10 failures in 15 minutes
    for (let i = 0; i < 10; i++) {
      const res = await login(i % 2 === 0 ? plus(user.phone) : user.phone, 'wrong-password', ip);
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    expectRefusal(await login(doubleZero(user.phone), TEST_PASSWORD, ip), 'rate_limited');
    expectRefusal(await login(user.phone, TEST_PASSWORD, ip), 'rate_limited');
  });
});

describe('auth/forget-password', () => {
  it('records the request under the canonical phone, for its account', async () => {
    const user = await t.make.user();
    const res = await request(t.app)
      .post('/api/auth/forget-password')
      .send({ phone: spaced(user.phone) });
    expect(res.status).toBe(200);
    const requests = await t.db
      .selectFrom('password_reset_requests')
      .select(['phone', 'user_id'])
      .where('user_id', '=', user.id)
      .execute();
    expect(requests).toEqual([{ phone: user.phone, user_id: user.id }]);
    // the same number again, written the other way: still the one open request
    await request(t.app).post('/api/auth/forget-password').send({ phone: user.phone });
    const again = await t.db
      .selectFrom('password_reset_requests')
      .select('id')
      .where('phone', '=', user.phone)
      .execute();
    expect(again).toHaveLength(1);
  });
});

describe('user/update', () => {
  it('stores +963… as 09…, and the farmer still signs in with 09…', async () => {
    const me = await t.make.signIn(await t.make.user());
    const next = uniquePhone();
    const res = await request(t.app)
      .post(`/api/user/update/${me.user.id}`)
      .set(me.auth)
      .send({ phone: plus(next) });
    expect(res.status).toBe(200);
    expect(res.body.data.user.phone).toBe(next);
    const row = await t.db
      .selectFrom('users')
      .select(['phone', 'search_text'])
      .where('id', '=', me.user.id)
      .executeTakeFirst();
    expect(row?.phone).toBe(next);
    expect(row?.search_text).toContain(next);
    expect((await login(next, TEST_PASSWORD)).status).toBe(200);
    expect((await login(plus(next), TEST_PASSWORD)).status).toBe(200);
  });

  it('+963… of another account is 409 phone taken', async () => {
    const other = await t.make.user();
    const me = await t.make.signIn(await t.make.user());
    const res = await request(t.app)
      .post(`/api/user/update/${me.user.id}`)
      .set(me.auth)
      .send({ phone: doubleZero(other.phone) });
    expectRefusal(res, 'conflict');
    expect(res.body.error.fields).toEqual({ phone: 'رقم الهاتف مسجل مسبقاً' });
  });
});

describe('order/create', () => {
  it('keeps the delivery phone in the canonical form', async () => {
    const owner = await t.make.loginAs('store');
    const product = await t.make.product(owner.store!.id, { price_cents: 1250 });
    const farmer = await t.make.loginAs('farmer');
    const res = await request(t.app)
      .post('/api/order/create')
      .set(farmer.auth)
      .send({
        store_id: owner.store!.id,
        total: '12.50',
        items: [{ product_id: product.id, quantity: 1 }],
        delivery: { province: 1, address: 'دمشق، المزة', phone: '+963 944 123 456' },
      });
    expect(res.status).toBe(200);
    expect(res.body.data.delivery.phone).toBe('0944123456');
  });
});

describe('user/getAll?q (admin)', () => {
  it('finds a user by their phone written +963…, with spaces', async () => {
    const admin = await t.make.loginAs('admin');
    const user = await t.make.user({ name: 'صاحب الرقم' });
    for (const q of [plus(user.phone), spaced(user.phone), user.phone.slice(0, 4)]) {
      const res = await request(t.app).get('/api/user/getAll').query({ q }).set(admin.auth);
      expect(res.status).toBe(200);
      expect(
        res.body.data.data.map((u: { id: number }) => u.id),
        q,
      ).toContain(user.id);
    }
  });
});

describe('migration 015', () => {
  it('rewrites international Syrian phones to 09…, leaving a taken one alone', async () => {
    const [a, b, c, taken] = [uniquePhone(), uniquePhone(), uniquePhone(), uniquePhone()];
    const plusUser = await t.make.user({ phone: plus(a), name: 'سامر' });
    const zerosUser = await t.make.user({ phone: doubleZero(b), name: 'صفران' });
    const bareUser = await t.make.user({ phone: bare(c), name: 'بلا رمز' });
    // the same number twice before the fix: the 09… account and a +963… one
    const owner = await t.make.user({ phone: taken, name: 'المالك' });
    const duplicate = await t.make.user({ phone: plus(taken), name: 'المكرر' });
    // two international forms of one number: the first one takes it
    const d = uniquePhone();
    const firstOfTwo = await t.make.user({ phone: plus(d) });
    const secondOfTwo = await t.make.user({ phone: doubleZero(d) });
    const landline = await t.make.user({ phone: '0112233445' });
    const store = await t.make.store((await t.make.user({ type: 1 })).id);
    const conversation = await t.make.conversation(plusUser.id, store);
    await t.db
      .insertInto('password_reset_requests')
      .values({ phone: plus(a), user_id: null, created_at: nowIso() })
      .execute();

    await canonicalPhonesMigration().up(t.db);

    const phones = new Map(
      (await t.db.selectFrom('users').select(['id', 'phone', 'search_text']).execute()).map((u) => [u.id, u]),
    );
    expect(phones.get(plusUser.id)).toEqual({ id: plusUser.id, phone: a, search_text: `سامر ${a}` });
    expect(phones.get(zerosUser.id)?.phone).toBe(b);
    expect(phones.get(bareUser.id)?.phone).toBe(c);
    expect(phones.get(owner.id)?.phone).toBe(taken);
    expect(phones.get(duplicate.id)?.phone).toBe(plus(taken));
    expect(phones.get(firstOfTwo.id)?.phone).toBe(d);
    expect(phones.get(secondOfTwo.id)?.phone).toBe(doubleZero(d));
    expect(phones.get(landline.id)?.phone).toBe('0112233445');
    const conv = await t.db
      .selectFrom('conversations')
      .select('customer_search')
      .where('id', '=', conversation.id)
      .executeTakeFirst();
    expect(conv?.customer_search).toBe(`سامر ${a}`);
    const requests = await t.db
      .selectFrom('password_reset_requests')
      .select('phone')
      .where('phone', 'like', `%${a.slice(1)}`)
      .execute();
    expect(requests).toEqual([{ phone: a }]);

    // each signs in with its number as it is typed now; the account left alone with its number typed as stored
    expect((await login(plus(a), TEST_PASSWORD)).body.data.user.id).toBe(plusUser.id);
    expect((await login(b, TEST_PASSWORD)).body.data.user.id).toBe(zerosUser.id);
    expect((await login(taken, TEST_PASSWORD)).body.data.user.id).toBe(owner.id);
    expect((await login(plus(taken), TEST_PASSWORD)).body.data.user.id).toBe(duplicate.id);

    // run again: nothing left to do
    await canonicalPhonesMigration().up(t.db);
    expect(
      (await t.db.selectFrom('users').select('phone').where('id', '=', duplicate.id).executeTakeFirst())?.phone,
    ).toBe(plus(taken));
  });
});
