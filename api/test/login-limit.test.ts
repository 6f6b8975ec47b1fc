import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@agrivet/shared';
import { IP_FAILURES } from '../src/auth/login-limit';
import { TEST_PASSWORD, uniquePhone } from './helpers/factories';
import { useTestApi } from './helpers/test-api';

// behind a trusted proxy, so each test can play a different client address
const t = useTestApi({ trustProxy: true });

const login = (ip: string, phone: string, password: string) =>
  request(t.app).post('/api/auth/login').set('X-Forwarded-For', ip).send({ phone, password });

describe('login rate limit per client address', () => {
  it(`blocks an address after ${IP_FAILURES} failures on any phones, and only that address`, async () => {
    const user = await t.make.user();
    for (let i = 0; i < IP_FAILURES; i++) {
      expect((await login('203.0.113.7', uniquePhone(), 'wrong-pass')).status).toBe(401);
    }
    const blocked = await login('203.0.113.7', user.phone, TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      status: 429,
      error: { code: 'rate_limited', message: 'محاولات كثيرة، يرجى المحاولة بعد قليل' },
    });
    // the oldest of the failures leaves the window in about LIMITS.loginWindowMs
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThan(LIMITS.loginWindowMs / 1000 - 60);
    expect(wait).toBeLessThanOrEqual(LIMITS.loginWindowMs / 1000);
    expect((await login('198.51.100.9', user.phone, TEST_PASSWORD)).status).toBe(200);
  });

  it('forgets failures older than the window and clears a phone after a successful login', async () => {
    const user = await t.make.user();
    for (let i = 0; i < 9; i++) await login('192.0.2.1', user.phone, 'wrong-pass');
    expect((await login('192.0.2.1', user.phone, TEST_PASSWORD)).status).toBe(200);
    const left = await t.db.selectFrom('login_failures').select('id').where('phone', '=', user.phone).execute();
    expect(left).toHaveLength(0);
    // a failure from 20 minutes ago does not count
    await t.db
      .insertInto('login_failures')
      .values(
        Array.from({ length: 10 }, () => ({
          phone: user.phone,
          ip: '192.0.2.2',
          created_at: new Date(Date.now() - 20 * 60 * 1000).toISOString(),
        })),
      )
      .execute();
    expect((await login('192.0.2.2', user.phone, TEST_PASSWORD)).status).toBe(200);
  });

  it('says in Retry-After when the oldest counted failure leaves the window', async () => {
    const user = await t.make.user();
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60 * 1000).toISOString();
    // the oldest of the ten failures 10 minutes ago, the others later: one more try in ~5 minutes
    await t.db
      .insertInto('login_failures')
      .values(
        Array.from({ length: LIMITS.loginFailuresPerPhone }, (_, i) => ({
          phone: user.phone,
          ip: '192.0.2.3',
          created_at: minutesAgo(10 - i * 0.5),
        })),
      )
      .execute();
    const refused = await login('192.0.2.4', user.phone, TEST_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    const wait = Number(refused.headers['retry-after']);
    const expected = LIMITS.loginWindowMs / 1000 - 10 * 60;
    expect(wait).toBeGreaterThanOrEqual(expected - 5);
    expect(wait).toBeLessThanOrEqual(expected + 1);
  });
});

describe('parallel guesses (check and record in one step)', () => {
  const TOO_MANY = 'محاولات كثيرة، يرجى المحاولة بعد قليل';

  it(`lets at most ${LIMITS.loginFailuresPerPhone} of 30 parallel wrong logins for one phone through, then refuses the right password`, async () => {
    const user = await t.make.user();
    // a different address per request: only the per-phone limit applies
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(`198.18.0.${i + 1}`, user.phone, `wrong-${i}`)),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(LIMITS.loginFailuresPerPhone);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    for (const r of burst.filter((r) => r.status === 429)) {
      expect(r.body.error).toEqual({ code: 'rate_limited', message: TOO_MANY });
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    const right = await login('198.18.1.1', user.phone, TEST_PASSWORD);
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ status: 429, error: { code: 'rate_limited', message: TOO_MANY } });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it(`lets at most ${IP_FAILURES} of 80 parallel wrong logins from one address through`, async () => {
    const burst = await Promise.all(
      Array.from({ length: 80 }, (_, i) => login('198.18.2.1', uniquePhone(), `wrong-${i}`)),
    );
    expect(burst.filter((r) => r.status !== 429).length).toBeLessThanOrEqual(IP_FAILURES);
    const user = await t.make.user();
    expect((await login('198.18.2.1', user.phone, TEST_PASSWORD)).status).toBe(429);
  });

  it('limits parallel guesses of the current password the same way', async () => {
    const me = await t.make.loginAs('farmer');
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        request(t.app)
          .post('/api/auth/change-password')
          .set(me.auth)
          .set('X-Forwarded-For', `198.18.3.${i + 1}`)
          .send({ current_password: `guess-${i}`, password: 'new-pass-1', password_confirmation: 'new-pass-1' }),
      ),
    );
    expect(burst.filter((r) => r.status !== 429).length).toBeLessThanOrEqual(LIMITS.loginFailuresPerPhone);
    const right = await request(t.app)
      .post('/api/auth/change-password')
      .set(me.auth)
      .set('X-Forwarded-For', '198.18.3.200')
      .send({ current_password: TEST_PASSWORD, password: 'new-pass-1', password_confirmation: 'new-pass-1' });
    expect(right.status).toBe(429);
    expect(right.body.error.message).toBe(TOO_MANY);
  });
});

describe('change-password attempts', () => {
  const change = (auth: { Authorization: string }, current: string) =>
    request(t.app)
      .post('/api/auth/change-password')
      .set(auth)
      .set('X-Forwarded-For', '203.0.113.50')
      .send({ current_password: current, password: 'new-pass-1', password_confirmation: 'new-pass-1' });

  it('stops guessing the current password after the login failure limit (429), even with the right one', async () => {
    const me = await t.make.loginAs('farmer');
    for (let i = 0; i < LIMITS.loginFailuresPerPhone; i++) {
      expect((await change(me.auth, `guess-${i}`)).status).toBe(422);
    }
    const blocked = await change(me.auth, TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toBe('محاولات كثيرة، يرجى المحاولة بعد قليل');
    // the password did not change
    expect((await login('198.51.100.60', me.user.phone, TEST_PASSWORD)).status).toBe(429);
    await t.db.deleteFrom('login_failures').where('phone', '=', me.user.phone).execute();
    expect((await login('198.51.100.60', me.user.phone, TEST_PASSWORD)).status).toBe(200);
  });

  it('clears the failures after a successful change', async () => {
    const me = await t.make.loginAs('farmer');
    for (let i = 0; i < 3; i++) await change(me.auth, `guess-${i}`);
    expect((await change(me.auth, TEST_PASSWORD)).status).toBe(200);
    const left = await t.db.selectFrom('login_failures').select('id').where('phone', '=', me.user.phone).execute();
    expect(left).toHaveLength(0);
  });
});
