/**
 * Rate limits on every write (http/rate-limit.ts): per user for messages, orders, uploads,
 * conversation creation and any other write; per address for sign-ups and password-reset requests,
 * per phone for the latter. Small numbers through the configuration (the defaults are in docs/api.md);
 * each limit is hit, answered 429 `rate_limited` with Retry-After and an Arabic message, kept per
 * caller, and released when its window ends.
 */
import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../src/http/rate-limit';
import { loadConfig } from '../src/config';
import { expectRefusal } from './helpers/envelope';
import type { SignedIn } from './helpers/factories';
import { uniquePhone } from './helpers/factories';
import { images } from './helpers/media';
import { useTestApi } from './helpers/test-api';

const t = useTestApi({
  trustProxy: true,
  rateLimits: {
    message: { points: 3, duration: 60 },
    upload: { points: 2, duration: 60 },
    order: { points: 2, duration: 60 },
    conversation: { points: 2, duration: 60 },
    write: { points: 4, duration: 60 },
    register: { points: 2, duration: 60 },
    forgetPasswordAddress: { points: 3, duration: 60 },
    forgetPasswordPhone: { points: 2, duration: 60 },
  },
});

let farmer: SignedIn;
let other: SignedIn;
let owner: Awaited<ReturnType<typeof t.make.loginAs>>;
let conversationId: number;
let productId: number;

beforeAll(async () => {
  owner = await t.make.loginAs('store');
  farmer = await t.make.loginAs('farmer');
  other = await t.make.loginAs('farmer');
  productId = (await t.make.product(owner.store!.id, { price_cents: 500 })).id;
  conversationId = (await t.make.conversation(farmer.user.id, owner.store!)).id;
});

afterEach(() => {
  vi.useRealTimers();
});

function expectRateLimited(res: request.Response, maxSeconds = 60) {
  expectRefusal(res, 'rate_limited');
  expect(res.body.error.message).toBe('طلبات كثيرة، يرجى المحاولة بعد قليل');
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(maxSeconds);
}

const message = (who: SignedIn, text: string) =>
  request(t.app).post('/api/message/create').set(who.auth).send({ conversation_id: conversationId, message: text });

describe('per user', () => {
  it('messages: the limit refuses the next one, keeps other users apart, stores nothing refused', async () => {
    for (let i = 0; i < 3; i++) expect((await message(farmer, `رسالة ${i}`)).status).toBe(200);
    const refused = await message(farmer, 'رسالة زائدة');
    expectRateLimited(refused);
    const stored = await t.db
      .selectFrom('messages')
      .select('message')
      .where('conversation_id', '=', conversationId)
      .execute();
    expect(stored.map((m) => m.message)).not.toContain('رسالة زائدة');
    // the store answering in the same conversation has its own count
    expect((await message(owner, 'أهلاً')).status).toBe(200);
  });

  it('orders', async () => {
    const order = () =>
      request(t.app)
        .post('/api/order/create')
        .set(other.auth)
        .send({
          store_id: owner.store!.id,
          total: '5.00',
          items: [{ product_id: productId, quantity: 1 }],
          delivery: { province: 1, address: 'دمشق', phone: '0933333333' },
        });
    expect((await order()).status).toBe(200);
    expect((await order()).status).toBe(200);
    expectRateLimited(await order());
  });

  it('uploads', async () => {
    const user = await t.make.loginAs('farmer');
    const upload = async () =>
      request(t.app)
        .post('/api/upload')
        .set(user.auth)
        .attach('file', await images.png(), { filename: 'a.png', contentType: 'image/png' });
    expect((await upload()).status).toBe(200);
    expect((await upload()).status).toBe(200);
    expectRateLimited(await upload());
  });

  it('conversation creation', async () => {
    const user = await t.make.loginAs('farmer');
    const create = () =>
      request(t.app).post('/api/conversation/create').set(user.auth).send({ store_id: owner.store!.id });
    expect((await create()).status).toBe(200);
    expect((await create()).status).toBe(200);
    expectRateLimited(await create());
  });

  it('every other write has the general limit', async () => {
    const user = await t.make.loginAs('farmer');
    const update = (name: string) =>
      request(t.app).post(`/api/user/update/${user.user.id}`).set(user.auth).send({ name });
    for (let i = 0; i < 4; i++) expect((await update(`اسم ${i}`)).status).toBe(200);
    expectRateLimited(await update('اسم زائد'));
    const row = await t.db.selectFrom('users').select('name').where('id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('اسم 3');
  });

  it('is released when its window ends', async () => {
    const user = await t.make.loginAs('farmer');
    const conv = await t.make.conversation(user.user.id, owner.store!);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const send = () =>
      request(t.app).post('/api/message/create').set(user.auth).send({ conversation_id: conv.id, message: 'مرحبا' });
    for (let i = 0; i < 3; i++) expect((await send()).status).toBe(200);
    expectRateLimited(await send());
    vi.setSystemTime(Date.now() + 61_000);
    expect((await send()).status).toBe(200);
  });
});

describe('per address and per phone', () => {
  const register = (ip: string, phone = uniquePhone()) =>
    request(t.app)
      .post('/api/auth/register')
      .set('X-Forwarded-For', ip)
      .send({ phone, name: 'مزارع', type: 2, password: 'pass1234', password_confirmation: 'pass1234' });

  it('sign-ups: attempts per address; refused ones create nothing; invalid ones do not count', async () => {
    expect((await register('203.0.113.1', 'not-a-phone')).status).toBe(422);
    expect((await register('203.0.113.1')).status).toBe(200);
    expect((await register('203.0.113.1')).status).toBe(200);
    const phone = uniquePhone();
    expectRateLimited(await register('203.0.113.1', phone));
    expect(await t.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst()).toBeUndefined();
    expect((await register('203.0.113.2', phone)).status).toBe(200);
  });

  it('sign-ups refused for a taken phone (409) count too; past the limit a taken and a free phone get the same 429', async () => {
    const existing = await t.make.user();
    const first = await register('203.0.113.3', existing.phone);
    expectRefusal(first, 'conflict');
    expect(first.body.error.fields).toEqual({ phone: 'رقم الهاتف مسجل مسبقاً' });
    expectRefusal(await register('203.0.113.3', existing.phone), 'conflict');
    // the third attempt from that address: 429 whether the phone has an account or not
    const taken = await register('203.0.113.3', existing.phone);
    const free = await register('203.0.113.3', uniquePhone());
    expectRateLimited(taken);
    expectRateLimited(free);
    expect(taken.body).toEqual(free.body);
    expect(
      Object.keys(taken.headers)
        .filter((h) => !/^(date|etag|content-length)$/.test(h))
        .sort(),
    ).toEqual(
      Object.keys(free.headers)
        .filter((h) => !/^(date|etag|content-length)$/.test(h))
        .sort(),
    );
    // another address is not affected
    expectRefusal(await register('203.0.113.4', existing.phone), 'conflict');
  });

  it('password-reset requests: per address and per phone', async () => {
    const forget = (ip: string, phone: string) =>
      request(t.app).post('/api/auth/forget-password').set('X-Forwarded-For', ip).send({ phone });
    const phone = uniquePhone();
    expect((await forget('203.0.113.10', phone)).status).toBe(200);
    expect((await forget('203.0.113.11', phone)).status).toBe(200);
    expectRateLimited(await forget('203.0.113.12', phone)); // the phone's third request
    // one address asking for many phones
    expect((await forget('203.0.113.20', uniquePhone())).status).toBe(200);
    expect((await forget('203.0.113.20', uniquePhone())).status).toBe(200);
    expect((await forget('203.0.113.20', uniquePhone())).status).toBe(200);
    const flood = uniquePhone();
    expectRateLimited(await forget('203.0.113.20', flood));
    const rows = await t.db.selectFrom('password_reset_requests').select('id').where('phone', '=', flood).execute();
    expect(rows).toHaveLength(0);
  });
});

describe('the numbers', () => {
  it('defaults a real person never meets; RATE_LIMITS=off lifts them (benchmarks only)', () => {
    expect(DEFAULT_RATE_LIMITS.message).toEqual({ points: 120, duration: 60 });
    expect(DEFAULT_RATE_LIMITS.register).toEqual({ points: 20, duration: 3600 });
    const lifted = loadConfig({ RATE_LIMITS: 'off' }).rateLimits!;
    expect(lifted.message!.points).toBeGreaterThan(1_000_000);
    expect(lifted.loginAccount!.points).toBeGreaterThan(1_000_000);
    expect(loadConfig({}).rateLimits).toBeUndefined();
    expect(() => loadConfig({ RATE_LIMITS: 'maybe' })).toThrow(/RATE_LIMITS/);
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL/);
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
  });
});
