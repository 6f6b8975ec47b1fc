/**
 * Limits on what one account can make the server do through push (issue 23, services/push.ts): at most
 * 10 subscriptions per account (an 11th drops the least recently used), endpoints only on public DNS
 * names (refused at subscribe with an Arabic field message), the name resolved at send time and sent
 * to only when every address is public (an injected resolver stands in for DNS), and failed endpoints
 * backed off exponentially (404/410 still delete).
 */
import type { LookupAddress } from 'node:dns';
import type { Logger } from 'pino';
import webpush from 'web-push';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BlockedAddressError,
  backoffMs,
  PUSH_SUBSCRIPTIONS_PER_ACCOUNT,
  PushService,
  type Resolve,
} from '../src/services/push';
import { expectRefusal } from './helpers/envelope';
import { type PushEndpoint, startPushEndpoint } from './helpers/push-endpoint';
import { useTestApi } from './helpers/test-api';

const t = useTestApi({ pushAllowLoopback: true });
let endpoint: PushEndpoint;
beforeAll(async () => {
  endpoint = await startPushEndpoint();
});
afterAll(async () => {
  await endpoint.close();
});

type Auth = { Authorization: string };
const subscribe = (auth: Auth, body: unknown) =>
  request(t.app)
    .post('/api/push/subscribe')
    .set(auth)
    .send(body as object);
const subscriptionsOf = (userId: number) =>
  t.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute();

async function chat() {
  const farmer = await t.make.loginAs('farmer');
  const owner = await t.make.loginAs('store');
  const conv = await t.make.conversation(farmer.user.id, owner.store!);
  return { farmer, owner, conv };
}
const say = (auth: Auth, conversationId: number, message = 'مرحبا') =>
  request(t.app).post('/api/message/create').set(auth).send({ conversation_id: conversationId, message }).expect(200);

describe('at most 10 subscriptions per account', () => {
  it('the 11th replaces the least recently used; subscribing again counts as a use', async () => {
    expect(PUSH_SUBSCRIPTIONS_PER_ACCOUNT).toBe(10);
    const farmer = await t.make.loginAs('farmer');
    const subs = Array.from({ length: 11 }, () => endpoint.subscription());
    for (const sub of subs.slice(0, 10)) await subscribe(farmer.auth, sub).expect(200);
    expect(await subscriptionsOf(farmer.user.id)).toHaveLength(10);
    // the first is used again (the browser re-subscribes it): now the second is the least recently used
    await subscribe(farmer.auth, subs[0]).expect(200);
    await subscribe(farmer.auth, subs[10]).expect(200);
    const left = (await subscriptionsOf(farmer.user.id)).map((s) => s.endpoint);
    expect(left).toHaveLength(10);
    expect(left).toContain(subs[0]!.endpoint);
    expect(left).toContain(subs[10]!.endpoint);
    expect(left).not.toContain(subs[1]!.endpoint);
  });

  it('a burst of 30 from one token leaves 10; other accounts keep theirs', async () => {
    const farmer = await t.make.loginAs('farmer');
    const other = await t.make.loginAs('farmer');
    await subscribe(other.auth, endpoint.subscription()).expect(200);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => subscribe(farmer.auth, endpoint.subscription())),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await subscriptionsOf(farmer.user.id)).toHaveLength(10);
    expect(await subscriptionsOf(other.user.id)).toHaveLength(1);
  });

  it('one message to an account with 10 subscriptions makes at most 10 requests', async () => {
    const { farmer, owner, conv } = await chat();
    for (let i = 0; i < 15; i++) await subscribe(farmer.auth, endpoint.subscription()).expect(200);
    const before = endpoint.received.length;
    await say(owner.auth, conv.id);
    await t.chat.push.idle();
    expect(endpoint.received.length - before).toBe(10);
  });

  it('a delivery counts as a use', async () => {
    const { farmer, owner, conv } = await chat();
    await subscribe(farmer.auth, endpoint.subscription()).expect(200);
    const [row] = await subscriptionsOf(farmer.user.id);
    await t.db
      .updateTable('push_subscriptions')
      .set({ last_used_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', row!.id)
      .execute();
    await say(owner.auth, conv.id);
    await t.chat.push.idle();
    const [after] = await subscriptionsOf(farmer.user.id);
    expect(new Date(after!.last_used_at!).getFullYear()).toBeGreaterThan(2020);
  });
});

describe('push/subscribe: only public DNS names', () => {
  const HOST_MESSAGE = 'عنوان الإشعارات يجب أن يكون على خادم عام باسم نطاق (لا عنوان IP ولا اسم محلي ولا منفذ آخر)';
  it.each([
    'https://localhost./push/x',
    'https://fcm.googleapis.com./fcm/send/x',
    'https://127.0.0.1/x',
    'https://2130706433/x',
    'https://0x7f.1/x',
    'https://0177.0.0.1/x',
    'https://169.254.169.254/latest',
    'https://[::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[fe80::1]/x',
    'https://localhost/x',
    'https://push.localhost/x',
    'https://printer.local/x',
    'https://metadata.google.internal/x',
    'https://intranet/x',
    'https://fcm.googleapis.com:8443/x',
  ])('%s: 422 with an Arabic field message', async (url) => {
    const farmer = await t.make.loginAs('farmer');
    const sub = endpoint.subscription();
    const res = await subscribe(farmer.auth, { endpoint: url, keys: sub.keys });
    expectRefusal(res, 'validation_failed');
    expect(res.body.error.fields).toEqual({ endpoint: HOST_MESSAGE });
    expect(await subscriptionsOf(farmer.user.id)).toHaveLength(0);
  });

  it('public push services are accepted', async () => {
    const farmer = await t.make.loginAs('farmer');
    const sub = endpoint.subscription();
    for (const url of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/abc',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
    ]) {
      expect((await subscribe(farmer.auth, { endpoint: url, keys: sub.keys })).status, url).toBe(200);
    }
  });
});

describe('send time: the name is resolved and every address must be public', () => {
  const warnings: { obj: unknown; msg: string }[] = [];
  const logger = {
    warn: (obj: unknown, msg: string) => warnings.push({ obj, msg }),
  } as unknown as Logger;
  const service = (resolve: Resolve, timeoutMs = 2_000) =>
    new PushService(t.db, {
      keys: webpush.generateVAPIDKeys(),
      subject: 'mailto:test@agrivet.invalid',
      allowLoopback: true,
      logger,
      resolve,
      timeoutMs,
    });
  const answer =
    (...addresses: string[]): Resolve =>
    async () =>
      addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('resolvePublic: refuses a name with any non-public address, or none', async () => {
    for (const bad of [
      ['127.0.0.1'],
      ['10.0.0.7'],
      ['100.64.0.1'],
      ['169.254.169.254'],
      ['::1'],
      ['::ffff:127.0.0.1'],
      ['fd00::1'],
      ['ff02::1'],
      ['0.0.0.0'],
      ['8.8.8.8', '192.168.1.1'],
      [],
    ]) {
      await expect(service(answer(...bad)).resolvePublic('push.example.com'), bad.join()).rejects.toBeInstanceOf(
        BlockedAddressError,
      );
    }
    await expect(
      service(answer('142.250.185.74', '2a00:1450:4001:82a::200a')).resolvePublic('x.com'),
    ).resolves.toHaveLength(2);
  });

  /** A stored subscription on an https: name, and the rows messageCreated needs. */
  async function storedSubscription(host: string) {
    const { farmer, owner, conv } = await chat();
    const res = await say(owner.auth, conv.id, 'هل وصل الطلب؟');
    const message = await t.db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    const conversation = await t.db
      .selectFrom('conversations')
      .selectAll()
      .where('id', '=', conv.id)
      .executeTakeFirstOrThrow();
    const sub = endpoint.subscription();
    await subscribe(farmer.auth, { endpoint: `https://${host}/push/abc`, keys: sub.keys }).expect(200);
    return { farmer, message, conversation };
  }

  it('a name resolving to a private address (127.0.0.1.nip.io) gets nothing, and is backed off', async () => {
    const { farmer, message, conversation } = await storedSubscription('127.0.0.1.nip.io');
    const resolve = vi.fn(answer('127.0.0.1'));
    const push = service(resolve);
    const before = endpoint.received.length;
    push.messageCreated(message, conversation);
    await push.idle();
    expect(resolve).toHaveBeenCalledWith('127.0.0.1.nip.io');
    expect(warnings.at(-1)?.msg).toMatch(/non-public address: not sent/);
    expect(endpoint.received.length).toBe(before);
    const [row] = await subscriptionsOf(farmer.user.id);
    expect(row!.failures).toBe(1);
    expect(new Date(row!.retry_at!).getTime()).toBeGreaterThan(Date.now());
  });

  it('the connection goes to the address the resolver gave (not to a second lookup)', async () => {
    const { farmer, message, conversation } = await storedSubscription('push.example.com');
    // a public address that is not reachable from the test machine: the attempt fails, after our lookup
    const resolve = vi.fn(answer('8.8.8.8'));
    const push = service(resolve, 300);
    push.messageCreated(message, conversation);
    await push.idle();
    expect(resolve).toHaveBeenCalledWith('push.example.com');
    expect(warnings.at(-1)?.msg).toBe('push service unreachable');
    expect((await subscriptionsOf(farmer.user.id))[0]!.failures).toBe(1);
  });
});

describe('failures back off', () => {
  it('1 minute, doubling, at most a day', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(backoffMs(12)).toBe(24 * 60 * 60 * 1000);
    expect(backoffMs(40)).toBe(24 * 60 * 60 * 1000);
  });

  it('a failing endpoint is left alone until its retry time; a delivery resets it; 410 still deletes', async () => {
    const { farmer, owner, conv } = await chat();
    await subscribe(farmer.auth, endpoint.subscription()).expect(200);
    endpoint.respondWith(503);
    try {
      const first = endpoint.received.length;
      await say(owner.auth, conv.id);
      await endpoint.waitFor(first + 1);
      await t.chat.push.idle();
      let [row] = await subscriptionsOf(farmer.user.id);
      expect(row!.failures).toBe(1);
      const wait = new Date(row!.retry_at!).getTime() - Date.now();
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60_000);

      // while backing off: nothing is sent, however many messages
      await say(owner.auth, conv.id);
      await say(owner.auth, conv.id);
      await t.chat.push.idle();
      expect(endpoint.received.length).toBe(first + 1);

      // its time has come: sent again, fails again → twice as long
      await t.db
        .updateTable('push_subscriptions')
        .set({ retry_at: '2020-01-01T00:00:00.000Z' })
        .where('id', '=', row!.id)
        .execute();
      await say(owner.auth, conv.id);
      await t.chat.push.idle();
      expect(endpoint.received.length).toBe(first + 2);
      [row] = await subscriptionsOf(farmer.user.id);
      expect(row!.failures).toBe(2);
      expect(new Date(row!.retry_at!).getTime() - Date.now()).toBeGreaterThan(60_000);

      // delivered: the back-off is forgotten
      endpoint.respondWith(201);
      await t.db
        .updateTable('push_subscriptions')
        .set({ retry_at: '2020-01-01T00:00:00.000Z' })
        .where('id', '=', row!.id)
        .execute();
      await say(owner.auth, conv.id);
      await t.chat.push.idle();
      [row] = await subscriptionsOf(farmer.user.id);
      expect(row).toMatchObject({ failures: 0, retry_at: null });

      // gone (410): deleted at once
      endpoint.respondWith(410);
      await say(owner.auth, conv.id);
      await t.chat.push.idle();
      expect(await subscriptionsOf(farmer.user.id)).toHaveLength(0);
    } finally {
      endpoint.respondWith(201);
    }
  });
});
