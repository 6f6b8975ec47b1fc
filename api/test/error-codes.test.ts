/**
 * Stable error codes (CONTRACT.md §7): every error the API can produce carries `error.code` from
 * shared's ERROR_CODES, with the status that goes with it — each factory of http/errors.ts, the
 * error handler's mapping of other errors, and one request per kind of refusal through the app.
 * docs/api.md lists every code.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODE_STATUS, ERROR_CODES, type ErrorCode, isErrorCode, LIMITS } from '@agrivet/shared';
import { sql } from 'kysely';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from '../src/config';
import { asHttpError } from '../src/http/error-handler';
import * as errors from '../src/http/errors';
import { expectRefusal } from './helpers/envelope';
import { TEST_PASSWORD } from './helpers/factories';
import { createTestApi, useTestApi } from './helpers/test-api';

const t = useTestApi({ trustProxy: true });

describe('error codes of http/errors.ts', () => {
  // every factory the module exports, called with plausible arguments
  const made: [string, errors.HttpError][] = [
    ['malformedBody', errors.malformedBody()],
    ['unauthorized', errors.unauthorized()],
    ['unauthorized(invalidToken)', errors.unauthorized('invalidToken')],
    ['badCredentials', errors.badCredentials()],
    ['forbidden', errors.forbidden()],
    ['subscriptionExpired', errors.subscriptionExpired()],
    ['notFound', errors.notFound()],
    ['conflict', errors.conflict('storeExists')],
    ['phoneTaken', errors.phoneTaken()],
    ['tooLarge', errors.tooLarge()],
    ['bodyTooLarge', errors.bodyTooLarge()],
    ['tooManyRequests', errors.tooManyRequests(0.2)],
    ['invalid', errors.invalid({ name: 'x' })],
    ['storeUnavailable', errors.storeUnavailable()],
    ['invalidField', errors.invalidField('image', 'notAnImage')],
    ['blockedError', errors.blockedError()],
    ['blockedError(blockedInConversation)', errors.blockedError('blockedInConversation')],
    ['notAllowedNow', errors.notAllowedNow('reportClosed')],
  ];

  it('covers every factory the module exports', () => {
    const factories = Object.entries(errors)
      .filter(([name, value]) => typeof value === 'function' && name !== 'HttpError')
      .map(([name]) => name)
      .sort();
    expect([...new Set(made.map(([name]) => name.replace(/\(.*/, '')))].sort()).toEqual(factories);
  });

  it.each(made)('%s has a code of ERROR_CODES with its status', (_name, err) => {
    expect(err).toBeInstanceOf(errors.HttpError);
    expect(isErrorCode(err.code)).toBe(true);
    expect(ERROR_CODE_STATUS[err.code]).toBe(err.status);
    expect(err.message).toMatch(/[\u0600-\u06FF]/);
  });

  it('states the precise codes: expired subscription, wrong login, a 429 with a whole Retry-After', () => {
    expect(errors.subscriptionExpired().code).toBe('subscription_expired');
    expect(errors.badCredentials()).toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(errors.tooManyRequests(0.2)).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 1 });
    expect(errors.tooManyRequests(61.5).retryAfterSeconds).toBe(62);
  });

  it('refuses a code that goes with another status', () => {
    expect(() => new errors.HttpError(404, 'x', undefined, 'conflict')).toThrow(/conflict/);
    expect(new errors.HttpError(422, 'x').code).toBe('validation_failed');
  });

  it('maps what is not an HttpError: body-parser 413 and 4xx, anything else 500 internal', () => {
    expect(
      asHttpError(Object.assign(new Error('big'), { type: 'entity.too.large', status: 413 }), undefined).code,
    ).toBe('too_large');
    expect(asHttpError(Object.assign(new SyntaxError('bad'), { status: 400 }), undefined).code).toBe(
      'validation_failed',
    );
    expect(asHttpError(Object.assign(new Error('charset'), { status: 415 }), undefined).code).toBe('validation_failed');
    const internal = asHttpError(new TypeError('boom'), undefined);
    expect(internal).toMatchObject({ status: 500, code: 'internal' });
    expect(internal.message).not.toContain('boom');
  });
});

describe('error codes through the app', () => {
  const cases: [ErrorCode, string, () => Promise<request.Response>][] = [
    ['unauthenticated', 'no token', () => request(t.app).get('/api/auth/user')],
    [
      'unauthenticated',
      'an unknown token',
      () => request(t.app).get('/api/auth/user').set('Authorization', 'Bearer nope'),
    ],
    [
      'unauthenticated',
      'a wrong password at login',
      async () => {
        const user = await t.make.user();
        return request(t.app).post('/api/auth/login').send({ phone: user.phone, password: 'wrong-one' });
      },
    ],
    [
      'forbidden',
      'a farmer on an admin call',
      async () =>
        request(t.app)
          .get('/api/user/getAll')
          .set((await t.make.loginAs('farmer')).auth),
    ],
    [
      'subscription_expired',
      'a disabled store account writing a product',
      async () =>
        request(t.app)
          .post('/api/product/create')
          .set((await t.make.loginAs('disabledStore')).auth)
          .send({ name: 'سماد', type: 0, price: '1.00' }),
    ],
    ['not_found', 'an unknown route', () => request(t.app).get('/api/no-such-route')],
    ['not_found', 'an unknown store', () => request(t.app).get('/api/store/get/999999')],
    ['not_found', 'a malformed id', () => request(t.app).get('/api/product/get/abc')],
    [
      'conflict',
      'a phone registered twice',
      async () => {
        const user = await t.make.user();
        return request(t.app).post('/api/auth/register').send({
          phone: user.phone,
          name: 'مكرر',
          type: 2,
          password: TEST_PASSWORD,
          password_confirmation: TEST_PASSWORD,
        });
      },
    ],
    [
      'too_large',
      'an image over 5 MB',
      async () =>
        request(t.app)
          .post('/api/product/create')
          .set((await t.make.loginAs('store')).auth)
          .field('name', 'كبير')
          .attach('image', Buffer.alloc(LIMITS.imageMaxBytes + 1), { filename: 'a.png', contentType: 'image/png' }),
    ],
    [
      'too_large',
      'a JSON body over 256 kB',
      () =>
        request(t.app)
          .post('/api/auth/login')
          .send({ phone: '1'.repeat(300_000) }),
    ],
    [
      'validation_failed',
      'malformed JSON',
      () => request(t.app).post('/api/auth/login').set('Content-Type', 'application/json').send('{"phone":'),
    ],
    ['validation_failed', 'missing fields', () => request(t.app).post('/api/auth/login').send({})],
    ['validation_failed', 'a bad page number', () => request(t.app).get('/api/product/getAll?page_number=x')],
    [
      'rate_limited',
      'an address over its login failures',
      async () => {
        const ip = '203.0.113.250';
        for (let i = 0; i < 50; i++) {
          await request(t.app)
            .post('/api/auth/login')
            .set('X-Forwarded-For', ip)
            .send({ phone: `09${String(10_000_000 + i)}`, password: 'wrong-pass' });
        }
        return request(t.app)
          .post('/api/auth/login')
          .set('X-Forwarded-For', ip)
          .send({ phone: '0999999999', password: 'wrong-pass' });
      },
    ],
    [
      'blocked',
      'a blocked account signing in',
      async () => {
        const admin = await t.make.loginAs('admin');
        const farmer = await t.make.loginAs('farmer');
        await request(t.app).post(`/api/user/block/${farmer.user.id}`).set(admin.auth).send({ blocked: true });
        return request(t.app).post('/api/auth/login').send({ phone: farmer.user.phone, password: TEST_PASSWORD });
      },
    ],
    [
      'not_allowed_now',
      'a report resolved twice',
      async () => {
        const admin = await t.make.loginAs('admin');
        const farmer = await t.make.loginAs('farmer');
        const owner = await t.make.loginAs('store');
        const conv = await t.make.conversation(farmer.user.id, owner.store!);
        const report = await request(t.app)
          .post('/api/report/create')
          .set(farmer.auth)
          .send({ conversation_id: conv.id, reason: 'spam' });
        const path = `/api/report/resolve/${report.body.data.report.id}`;
        await request(t.app).post(path).set(admin.auth).send({ action: 'dismiss' });
        return request(t.app).post(path).set(admin.auth).send({ action: 'dismiss' });
      },
    ],
  ];

  it.each(cases)('%s: %s', async (code, _what, send) => {
    expectRefusal(await send(), code);
  });

  it('covers every code the API itself decides (store_unavailable belongs to order/create)', () => {
    const covered = new Set(cases.map(([code]) => code));
    covered.add('internal'); // below, on an API whose database is gone
    covered.add('store_unavailable'); // decided by order/create alone (an order for a disabled store): the orders' tests
    expect([...covered].sort()).toEqual([...ERROR_CODES].sort());
  });

  it('internal: a failure the API did not expect is 500 without details', async () => {
    // an API of its own whose stores table is renamed under it: its store query fails
    const broken = await createTestApi();
    try {
      await sql`alter table stores rename to stores_away`.execute(broken.db);
      const res = await request(broken.app).get('/api/store/getAll');
      expectRefusal(res, 'internal');
      expect(res.body.error.message).toBe('حدث خطأ غير متوقع، يرجى المحاولة لاحقاً');
      expect(JSON.stringify(res.body)).not.toMatch(/stores|sql/i);
      await sql`alter table stores_away rename to stores`.execute(broken.db);
    } finally {
      await broken.close();
    }
  });
});

describe('docs/api.md', () => {
  it('lists every error code with its status', () => {
    const doc = readFileSync(path.join(findRepoRoot(), 'docs', 'api.md'), 'utf8');
    for (const code of ERROR_CODES) {
      expect(doc, code).toMatch(new RegExp(`\\|\\s*\`${code}\`\\s*\\|\\s*${ERROR_CODE_STATUS[code]}\\s*\\|`));
    }
  });
});
