/**
 * Login without lock-out by strangers (CONTRACT.md §7 "Login", OWASP device cookies, ASVS 2.2.1):
 * failures from other browsers never lock the owner's device out, a device is limited on its own,
 * browsers without the cookie are limited per account and per address, and an account never takes
 * more than 100 failed attempts an hour. The real numbers (http/rate-limit.ts), real scrypt.
 */
import { LIMITS } from '@agrivet/shared';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../src/http/rate-limit';
import { expectRefusal } from './helpers/envelope';
import { TEST_PASSWORD, uniquePhone } from './helpers/factories';
import { useTestApi } from './helpers/test-api';

// behind a trusted proxy, so each request can play a different client address
const t = useTestApi({ trustProxy: true });

const TOO_MANY = 'محاولات كثيرة، يرجى المحاولة بعد قليل';
const PER_DEVICE = DEFAULT_RATE_LIMITS.loginDevice.points;
const PER_ACCOUNT = DEFAULT_RATE_LIMITS.loginAccount.points;
const PER_ADDRESS = DEFAULT_RATE_LIMITS.loginAddress.points;
const PER_HOUR = DEFAULT_RATE_LIMITS.loginAccountHour.points;

const login = (ip: string, phone: string, password: string, cookie?: string) => {
  const r = request(t.app).post('/api/auth/login').set('X-Forwarded-For', ip);
  if (cookie) r.set('Cookie', cookie);
  return r.send({ phone, password });
};

/** The `agv_device=…` pair of a login answer's Set-Cookie (what the browser sends back). */
function deviceCookie(res: request.Response): string {
  const header = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('agv_device='));
  if (!header) throw new Error(`no agv_device cookie: ${JSON.stringify(res.headers)}`);
  return header.split(';')[0];
}

/** A device the owner signed in on: its cookie. */
async function ownersDevice(phone: string, ip = '192.0.2.10'): Promise<string> {
  const res = await login(ip, phone, TEST_PASSWORD);
  expect(res.status).toBe(200);
  return deviceCookie(res);
}

describe('the device cookie', () => {
  it('a successful login sets agv_device: signed, HttpOnly, SameSite=Strict, for /api/auth, a year long', async () => {
    const user = await t.make.user();
    const res = await login('192.0.2.1', user.phone, TEST_PASSWORD);
    expect(res.status).toBe(200);
    const header = ([] as string[]).concat(res.headers['set-cookie']).find((c) => c.startsWith('agv_device='))!;
    expect(header).toMatch(/^agv_device=s%3A\d+\.[\w-]{22}\.[\w%+/=-]+;/); // cookie-parser's signed value
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Strict/);
    expect(header).toMatch(/; Path=\/api\/auth/);
    expect(header).not.toMatch(/; Secure/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(header)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(364 * 24 * 3600);
    // served over HTTPS (the proxy says so): Secure
    const https = await request(t.app)
      .post('/api/auth/login')
      .set('X-Forwarded-Proto', 'https')
      .send({ phone: user.phone, password: TEST_PASSWORD });
    expect(([] as string[]).concat(https.headers['set-cookie']).find((c) => c.startsWith('agv_device='))).toMatch(
      /; Secure/,
    );
    // a wrong password sets none
    const wrong = await login('192.0.2.2', user.phone, 'wrong-pass');
    expect(wrong.status).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('registering sets one too', async () => {
    const res = await request(t.app)
      .post('/api/auth/register')
      .set('X-Forwarded-For', '192.0.2.3')
      .send({ phone: uniquePhone(), name: 'مزارع', type: 2, password: 'pass1234', password_confirmation: 'pass1234' });
    expect(res.status).toBe(200);
    expect(deviceCookie(res)).toMatch(/^agv_device=/);
  });
});

describe('failures from elsewhere never lock the owner out', () => {
  it('15 failures from other addresses, then the owner logs in on their device (and only there)', async () => {
    const owner = await t.make.user();
    const device = await ownersDevice(owner.phone);
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await login(`198.51.100.${i + 1}`, owner.phone, `guess-${i}`)).status);
    expect(statuses.slice(0, PER_ACCOUNT)).toEqual(Array(PER_ACCOUNT).fill(401));
    expect(statuses.slice(PER_ACCOUNT)).toEqual(Array(15 - PER_ACCOUNT).fill(429));
    // a browser without the cookie is refused even with the right password …
    const stranger = await login('198.51.100.99', owner.phone, TEST_PASSWORD);
    expectRefusal(stranger, 'rate_limited');
    expect(stranger.body.error.message).toBe(TOO_MANY);
    // … the owner's device is not
    const mine = await login('203.0.113.5', owner.phone, TEST_PASSWORD, device);
    expect(mine.status).toBe(200);
    expect(mine.body.data.user.id).toBe(owner.id);
    // and keeps its device id
    expect(deviceCookie(mine).split('.')[1]).toBe(device.split('.')[1]);
  });

  it('a device is limited on its own: its failures lock only that device', async () => {
    const owner = await t.make.user();
    const phoneA = await ownersDevice(owner.phone, '192.0.2.20');
    const phoneB = await ownersDevice(owner.phone, '192.0.2.21');
    for (let i = 0; i < PER_DEVICE; i++) {
      expect((await login('192.0.2.20', owner.phone, `typo-${i}`, phoneA)).status).toBe(401);
    }
    const locked = await login('192.0.2.20', owner.phone, TEST_PASSWORD, phoneA);
    expectRefusal(locked, 'rate_limited');
    const wait = Number(locked.headers['retry-after']);
    expect(wait).toBeGreaterThan(LIMITS.loginWindowMs / 1000 - 60);
    expect(wait).toBeLessThanOrEqual(LIMITS.loginWindowMs / 1000);
    // the other device and a browser without a cookie (the account limit) still get in
    expect((await login('192.0.2.21', owner.phone, TEST_PASSWORD, phoneB)).status).toBe(200);
    expect((await login('192.0.2.22', owner.phone, TEST_PASSWORD)).status).toBe(200);
  });

  it('a success clears its device’s failures', async () => {
    const owner = await t.make.user();
    const device = await ownersDevice(owner.phone);
    for (let i = 0; i < PER_DEVICE - 1; i++) await login('192.0.2.30', owner.phone, `typo-${i}`, device);
    expect((await login('192.0.2.30', owner.phone, TEST_PASSWORD, device)).status).toBe(200);
    for (let i = 0; i < PER_DEVICE; i++) {
      expect((await login('192.0.2.30', owner.phone, `typo-again-${i}`, device)).status).toBe(401);
    }
  });

  it('another account’s cookie or a tampered one counts as no cookie', async () => {
    const owner = await t.make.user();
    const other = await t.make.user();
    const othersDevice = await ownersDevice(other.phone);
    const mine = await ownersDevice(owner.phone);
    const tampered = mine.replace(
      /\.([\w-]{22})\./,
      (_m, id: string) => `.${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}.`,
    );
    expect(tampered).not.toBe(mine);
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const cookie = i % 2 === 0 ? othersDevice : tampered;
      expect((await login(`198.51.100.${i + 40}`, owner.phone, `guess-${i}`, cookie)).status).toBe(401);
    }
    expect((await login('198.51.100.60', owner.phone, TEST_PASSWORD, othersDevice)).status).toBe(429);
    expect((await login('198.51.100.61', owner.phone, TEST_PASSWORD, tampered)).status).toBe(429);
    expect((await login('198.51.100.62', owner.phone, TEST_PASSWORD, mine)).status).toBe(200);
  });
});

describe('an account takes at most 100 failed attempts an hour (ASVS 2.2.1)', () => {
  it(`even spread over devices of its own: the ${PER_HOUR + 1}st failure is refused, and so is every later attempt`, async () => {
    const owner = await t.make.user();
    const devices: string[] = [];
    for (let i = 0; i * PER_DEVICE <= PER_HOUR; i++)
      devices.push(await ownersDevice(owner.phone, `192.0.2.${100 + i}`));
    let failed = 0;
    let refused = 0;
    for (const device of devices) {
      for (let i = 0; i < PER_DEVICE; i++) {
        const res = await login('192.0.2.99', owner.phone, `guess-${i}`, device);
        if (res.status === 401) failed++;
        else if (res.status === 429) refused++;
        else throw new Error(`unexpected ${res.status}`);
      }
    }
    expect(failed).toBe(PER_HOUR);
    expect(refused).toBe(devices.length * PER_DEVICE - PER_HOUR);
    // the hourly bound holds for every path, the right password included
    expectRefusal(await login('192.0.2.98', owner.phone, TEST_PASSWORD, devices[0]), 'rate_limited');
    const res = await login('192.0.2.97', owner.phone, TEST_PASSWORD);
    expectRefusal(res, 'rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3600 - 120);
  });
});

describe('browsers without the cookie: per account and per address', () => {
  it(`blocks an address after ${PER_ADDRESS} failures on any phones, and only that address`, async () => {
    const user = await t.make.user();
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect((await login('203.0.113.7', uniquePhone(), 'wrong-pass')).status).toBe(401);
    }
    const blocked = await login('203.0.113.7', user.phone, TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ status: 429, error: { code: 'rate_limited', message: TOO_MANY } });
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThan(LIMITS.loginWindowMs / 1000 - 60);
    expect(wait).toBeLessThanOrEqual(LIMITS.loginWindowMs / 1000);
    expect((await login('198.51.100.9', user.phone, TEST_PASSWORD)).status).toBe(200);
  });

  it('a successful login clears the account’s failures', async () => {
    const user = await t.make.user();
    for (let i = 0; i < PER_ACCOUNT - 1; i++) await login('192.0.2.1', user.phone, 'wrong-pass');
    expect((await login('192.0.2.1', user.phone, TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await login('192.0.2.1', user.phone, 'wrong')).status).toBe(401);
  });
});

describe('parallel guesses (counted before the password is checked)', () => {
  it(`lets at most ${PER_ACCOUNT} of 30 parallel wrong logins for one phone through, then refuses the right password`, async () => {
    const user = await t.make.user();
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(`198.18.0.${i + 1}`, user.phone, `wrong-${i}`)),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(PER_ACCOUNT);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    for (const r of burst.filter((r) => r.status === 429)) {
      expect(r.body.error).toEqual({ code: 'rate_limited', message: TOO_MANY });
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    const right = await login('198.18.1.1', user.phone, TEST_PASSWORD);
    expect(right.status).toBe(429);
  });

  it(`lets at most ${PER_DEVICE} of 30 parallel wrong logins on one device through`, async () => {
    const user = await t.make.user();
    const device = await ownersDevice(user.phone);
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login('198.18.4.1', user.phone, `wrong-${i}`, device)),
    );
    expect(burst.filter((r) => r.status !== 429).length).toBe(PER_DEVICE);
  });

  it(`lets at most ${PER_ADDRESS} of 80 parallel wrong logins from one address through`, async () => {
    const burst = await Promise.all(
      Array.from({ length: 80 }, (_, i) => login('198.18.2.1', uniquePhone(), `wrong-${i}`)),
    );
    expect(burst.filter((r) => r.status !== 429).length).toBeLessThanOrEqual(PER_ADDRESS);
    const user = await t.make.user();
    expect((await login('198.18.2.1', user.phone, TEST_PASSWORD)).status).toBe(429);
  });
});

describe('change-password: guesses of the current password count as failed logins', () => {
  const change = (auth: { Authorization: string }, current: string, ip = '203.0.113.50', cookie?: string) => {
    const r = request(t.app).post('/api/auth/change-password').set(auth).set('X-Forwarded-For', ip);
    if (cookie) r.set('Cookie', cookie);
    return r.send({ current_password: current, password: 'new-pass-1', password_confirmation: 'new-pass-1' });
  };

  it('limits parallel guesses the same way, and refuses the right one after them', async () => {
    const me = await t.make.loginAs('farmer');
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => change(me.auth, `guess-${i}`, `198.18.3.${i + 1}`)),
    );
    expect(burst.filter((r) => r.status !== 429).length).toBeLessThanOrEqual(PER_ACCOUNT);
    const right = await change(me.auth, TEST_PASSWORD, '198.18.3.200');
    expect(right.status).toBe(429);
    expect(right.body.error.message).toBe(TOO_MANY);
    // the password did not change
    expect((await login('198.51.100.60', me.user.phone, 'new-pass-1')).status).toBe(429);
  });

  it('a stolen token guessing without the cookie does not lock the owner’s device', async () => {
    const me = await t.make.loginAs('farmer');
    const device = await ownersDevice(me.user.phone);
    for (let i = 0; i < PER_ACCOUNT + 2; i++) await change(me.auth, `guess-${i}`, `198.18.5.${i + 1}`);
    expect((await change(me.auth, TEST_PASSWORD, '203.0.113.9', device)).status).toBe(200);
    expect((await login('203.0.113.9', me.user.phone, 'new-pass-1', device)).status).toBe(200);
  });
});
