/**
 * Sessions (CONTRACT.md §7 "Login"): a token expires 30 days after its last use and 180 days after it
 * was issued (401 `unauthenticated`, revoked), `last_used_at` moves at most once an hour, auth/user
 * says when the token expires; logout, a password change (own or by the admin), an admin disabling an
 * account and an expiry are told to the relays (auth/session-ends.ts) with the token hash they need.
 */
import type { SessionEnd } from '@agrivet/shared';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/auth/tokens';
import { expectRefusal } from './helpers/envelope';
import { TEST_PASSWORD } from './helpers/factories';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();
const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const ended: SessionEnd[] = [];

beforeAll(() => {
  t.sessions.subscribe((end) => ended.push(end));
});

async function tokenRow(token: string) {
  return t.db
    .selectFrom('auth_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
}

const me = (token: string) => request(t.app).get('/api/auth/user').set('Authorization', `Bearer ${token}`);

describe('token lifetime', () => {
  it('unused for 30 days: 401 unauthenticated, revoked, and its sockets told to end', async () => {
    const session = await t.make.loginAs('farmer');
    await t.db
      .updateTable('auth_tokens')
      .set({ last_used_at: ago(30 * DAY + 60_000), created_at: ago(40 * DAY) })
      .where('token_hash', '=', hashToken(session.token))
      .execute();
    ended.length = 0;
    const res = await me(session.token);
    expectRefusal(res, 'unauthenticated');
    expect(res.body.error.message).toBe('انتهت الجلسة، يرجى تسجيل الدخول من جديد');
    expect((await tokenRow(session.token)).revoked_at).not.toBeNull();
    expect(ended).toEqual([{ user_id: session.user.id, token_hash: hashToken(session.token) }]);
  });

  it('used within 30 days it lives on, until 180 days after it was issued', async () => {
    const session = await t.make.loginAs('farmer');
    await t.db
      .updateTable('auth_tokens')
      .set({ last_used_at: ago(29 * DAY), created_at: ago(179 * DAY) })
      .where('token_hash', '=', hashToken(session.token))
      .execute();
    const res = await me(session.token);
    expect(res.status).toBe(200);
    // expires at the 180-day mark (about a day from now), not 30 days after this use
    const expiresAt = Date.parse(res.body.data.expires_at);
    expect(Math.abs(expiresAt - (Date.now() + DAY))).toBeLessThan(60_000);
    await t.db
      .updateTable('auth_tokens')
      .set({ created_at: ago(180 * DAY + 1000) })
      .where('token_hash', '=', hashToken(session.token))
      .execute();
    expectRefusal(await me(session.token), 'unauthenticated');
    // writes too
    const write = await request(t.app).post('/api/auth/logout').set(session.auth);
    expectRefusal(write, 'unauthenticated');
  });

  it('a use moves last_used_at at most once an hour; auth/user says when the token expires', async () => {
    const session = await t.make.loginAs('farmer');
    const stale = ago(59 * 60 * 1000);
    await t.db
      .updateTable('auth_tokens')
      .set({ last_used_at: stale })
      .where('token_hash', '=', hashToken(session.token))
      .execute();
    const first = await me(session.token);
    expect(first.status).toBe(200);
    expect(new Date((await tokenRow(session.token)).last_used_at).toISOString()).toBe(stale);
    expect(Math.abs(Date.parse(first.body.data.expires_at) - (Date.parse(stale) + 30 * DAY))).toBeLessThan(1000);
    await t.db
      .updateTable('auth_tokens')
      .set({ last_used_at: ago(61 * 60 * 1000) })
      .where('token_hash', '=', hashToken(session.token))
      .execute();
    const second = await me(session.token);
    const touched = Date.parse(new Date((await tokenRow(session.token)).last_used_at).toISOString());
    expect(Date.now() - touched).toBeLessThan(5_000);
    expect(Math.abs(Date.parse(second.body.data.expires_at) - (touched + 30 * DAY))).toBeLessThan(1000);
  });
});

describe('ended sessions are told to the relays', () => {
  it('logout: that token only', async () => {
    const session = await t.make.loginAs('farmer');
    ended.length = 0;
    expect((await request(t.app).post('/api/auth/logout').set(session.auth)).status).toBe(200);
    expect(ended).toEqual([{ user_id: session.user.id, token_hash: hashToken(session.token) }]);
    expectRefusal(await me(session.token), 'unauthenticated');
  });

  it('a password change: every other session of the account, the device that changed it stays', async () => {
    const session = await t.make.loginAs('farmer');
    const otherDevice = await t.make.signIn(session.user);
    ended.length = 0;
    const res = await request(t.app)
      .post('/api/auth/change-password')
      .set(session.auth)
      .send({ current_password: TEST_PASSWORD, password: 'new-pass-1', password_confirmation: 'new-pass-1' });
    expect(res.status).toBe(200);
    expect(ended).toEqual([{ user_id: session.user.id, except_token_hash: hashToken(session.token) }]);
    expect((await me(session.token)).status).toBe(200);
    expectRefusal(await me(otherDevice.token), 'unauthenticated');
  });

  it('the admin sets a password: every session of the account', async () => {
    const admin = await t.make.loginAs('admin');
    const user = await t.make.loginAs('farmer');
    ended.length = 0;
    const res = await request(t.app)
      .post(`/api/user/set-password/${user.user.id}`)
      .set(admin.auth)
      .send({ password: 'temp-pass-1' });
    expect(res.status).toBe(200);
    expect(ended).toEqual([{ user_id: user.user.id }]);
  });

  it('the admin disables an account: every socket of it (once, not on other changes)', async () => {
    const admin = await t.make.loginAs('admin');
    const store = await t.make.loginAs('store');
    ended.length = 0;
    const update = (body: object) =>
      request(t.app).post(`/api/user/update/${store.user.id}`).set(admin.auth).send(body);
    expect((await update({ name: 'اسم جديد' })).status).toBe(200);
    expect(ended).toEqual([]);
    expect((await update({ status: 1 })).status).toBe(200);
    expect(ended).toEqual([{ user_id: store.user.id }]);
    expect((await update({ status: 1, name: 'مرة أخرى' })).status).toBe(200);
    expect(ended).toHaveLength(1);
  });
});
