/**
 * Web Push (CONTRACT.md §7): push/key, push/subscribe, push/unsubscribe, and notifications actually
 * sent — to a local HTTP endpoint standing in for the browser's push service — decrypted here
 * (aes128gcm) with the subscription's own keys, VAPID-signed with the API's key.
 */
import webpush from 'web-push';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { images, tone } from './helpers/media';
import { checkVapid, type PushEndpoint, startPushEndpoint } from './helpers/push-endpoint';
import { createTestApi, useTestApi } from './helpers/test-api';

const t = useTestApi({ pushAllowLoopback: true });
let endpoint: PushEndpoint;
beforeAll(async () => {
  endpoint = await startPushEndpoint();
});
afterAll(async () => {
  await endpoint.close();
});

type Auth = { Authorization: string };

const subscribe = (auth: Auth | null, body: unknown) => {
  const req = request(t.app).post('/api/push/subscribe');
  return (auth ? req.set(auth) : req).send(body as object);
};
const subscriptionsOf = (userId: number) =>
  t.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();

/** Pushes that arrive from now on: waits for `count` more after the current ones. */
async function next(count = 1) {
  const before = endpoint.received.length;
  return {
    wait: async () => (await endpoint.waitFor(before + count)).slice(before),
    before,
  };
}

async function chat() {
  const farmer = await t.make.loginAs('farmer');
  const owner = await t.make.loginAs('store');
  const conv = await t.make.conversation(farmer.user.id, owner.store!);
  return { farmer, owner, conv };
}

describe('GET push/key', () => {
  it('answers the VAPID public key to anyone, the same every time', async () => {
    const res = await request(t.app).get('/api/push/key');
    expect(res.status).toBe(200);
    const key = res.body.data.public_key;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(Buffer.from(key, 'base64url')[0]).toBe(4);
    expect((await request(t.app).get('/api/push/key')).body.data.public_key).toBe(key);
  });

  it('the generated pair is kept in the database: another instance on it has the same key', async () => {
    const key = (await request(t.app).get('/api/push/key')).body.data.public_key;
    const { createApi } = await import('../src/app');
    const { pino } = await import('pino');
    const second = await createApi(t.config, { logger: pino({ level: 'silent' }) });
    try {
      expect((await request(second.app).get('/api/push/key')).body.data.public_key).toBe(key);
    } finally {
      await second.close();
    }
  });

  it('VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY win when set (both or neither)', async () => {
    const pair = webpush.generateVAPIDKeys();
    const env = { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey };
    const config = loadConfig(env, t.tmpDir);
    expect(config.vapidKeys).toEqual(pair);
    const api = await createTestApi({ vapidKeys: config.vapidKeys });
    try {
      expect((await request(api.app).get('/api/push/key')).body.data.public_key).toBe(pair.publicKey);
    } finally {
      await api.close();
    }
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey }, t.tmpDir)).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: 'abc' }, t.tmpDir)).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_SUBJECT: 'admin@example.com' }, t.tmpDir)).toThrow(ConfigError);
    expect(() => loadConfig({ PUSH_ALLOW_LOOPBACK: 'maybe' }, t.tmpDir)).toThrow(ConfigError);
    expect(loadConfig({}, t.tmpDir).pushAllowLoopback).toBe(false);
  });
});

describe('POST push/subscribe, push/unsubscribe', () => {
  it('requires authentication', async () => {
    const res = await subscribe(null, endpoint.subscription());
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
    const un = await request(t.app)
      .post('/api/push/unsubscribe')
      .send({ endpoint: `${endpoint.origin}/push/x` });
    expect(un.status).toBe(401);
  });

  it('stores the subscription, idempotent by endpoint; another user subscribing it takes it over', async () => {
    const farmer = await t.make.loginAs('farmer');
    const sub = endpoint.subscription();
    const body = { endpoint: sub.endpoint, keys: sub.keys, expirationTime: null };
    const res = await subscribe(farmer.auth, body);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ endpoint: sub.endpoint, subscribed: true });
    expect(await subscribe(farmer.auth, body).then((r) => r.status)).toBe(200);
    const rows = await subscriptionsOf(farmer.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth });

    const other = await t.make.loginAs('farmer');
    expect((await subscribe(other.auth, body)).status).toBe(200);
    expect(await subscriptionsOf(farmer.user.id)).toHaveLength(0);
    expect(await subscriptionsOf(other.user.id)).toHaveLength(1);

    // unsubscribing someone else's endpoint changes nothing; one's own removes it
    const un = await request(t.app).post('/api/push/unsubscribe').set(farmer.auth).send({ endpoint: sub.endpoint });
    expect(un.status).toBe(200);
    expect(await subscriptionsOf(other.user.id)).toHaveLength(1);
    const own = await request(t.app).post('/api/push/unsubscribe').set(other.auth).send({ endpoint: sub.endpoint });
    expect(own.body.data).toEqual({ endpoint: sub.endpoint, subscribed: false });
    expect(await subscriptionsOf(other.user.id)).toHaveLength(0);
  });

  it('refuses bad subscriptions with 422 and field messages', async () => {
    const farmer = await t.make.loginAs('farmer');
    const sub = endpoint.subscription();
    const cases: [string, unknown, string][] = [
      ['no endpoint', { keys: sub.keys }, 'endpoint'],
      ['no keys', { endpoint: sub.endpoint }, 'keys'],
      ['short p256dh', { endpoint: sub.endpoint, keys: { ...sub.keys, p256dh: 'AAAA' } }, 'keys.p256dh'],
      ['auth not base64url', { endpoint: sub.endpoint, keys: { ...sub.keys, auth: '!!!!' } }, 'keys.auth'],
      ['keys a string', { endpoint: sub.endpoint, keys: 'x' }, 'keys'],
      ['ftp endpoint', { endpoint: 'ftp://push.example.com/x', keys: sub.keys }, 'endpoint'],
      ['http endpoint elsewhere', { endpoint: 'http://push.example.com/x', keys: sub.keys }, 'endpoint'],
      ['https to an IP address', { endpoint: 'https://10.0.0.5/x', keys: sub.keys }, 'endpoint'],
      ['https to localhost', { endpoint: 'https://localhost/x', keys: sub.keys }, 'endpoint'],
      ['not a URL', { endpoint: 'push service', keys: sub.keys }, 'endpoint'],
      ['too long', { endpoint: `https://push.example.com/${'a'.repeat(2100)}`, keys: sub.keys }, 'endpoint'],
    ];
    for (const [name, body, field] of cases) {
      const res = await subscribe(farmer.auth, body);
      expect(res.status, name).toBe(422);
      expect(res.body.error.code, name).toBe('validation_failed');
      expect(Object.keys(res.body.error.fields), name).toContain(field);
      expect(res.body.error.fields[field], name).toMatch(/[\u0600-\u06FF]/);
    }
    expect(await subscriptionsOf(farmer.user.id)).toHaveLength(0);
    // a real push service's https endpoint is fine
    const fcm = await subscribe(farmer.auth, {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
      keys: sub.keys,
    });
    expect(fcm.status).toBe(200);
  });

  it('loopback endpoints only when PUSH_ALLOW_LOOPBACK is on', async () => {
    const api = await createTestApi();
    try {
      const farmer = await api.make.loginAs('farmer');
      const res = await request(api.app).post('/api/push/subscribe').set(farmer.auth).send(endpoint.subscription());
      expect(res.status).toBe(422);
      expect(res.body.error.fields).toEqual({ endpoint: 'عنوان الإشعارات غير صالح' });
    } finally {
      await api.close();
    }
  });
});

describe('notifications sent', () => {
  it('a new message reaches the other participant: decrypted, Arabic, VAPID-signed', async () => {
    const { farmer, owner, conv } = await chat();
    const farmerSub = endpoint.subscription();
    const ownerSub = endpoint.subscription();
    await subscribe(farmer.auth, farmerSub).expect(200);
    await subscribe(owner.auth, ownerSub).expect(200);

    const pending = await next(1);
    await request(t.app)
      .post('/api/message/create')
      .set(owner.auth)
      .send({ conversation_id: conv.id, message: 'نعم، السماد متوفر' })
      .expect(200);
    const [push] = await pending.wait();
    expect(push!.path).toBe(new URL(farmerSub.endpoint).pathname);
    expect(farmerSub.decrypt(push!)).toEqual({
      type: 'message',
      title: owner.store!.name_store,
      body: 'نعم، السماد متوفر',
      url: `/chat/${conv.id}`,
      tag: `conversation-${conv.id}`,
    });
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers['content-type']).toBe('application/octet-stream');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    expect(push!.headers.urgency).toBe('high');
    expect(push!.headers.topic).toBe(`conversation-${conv.id}`);
    const key = (await request(t.app).get('/api/push/key')).body.data.public_key;
    const claims = checkVapid(push!.headers.authorization, key, endpoint.origin);
    expect(claims.sub).toMatch(/^(mailto:|https:)/);

    // the farmer's photo and voice note reach the store as "صورة" and "رسالة صوتية", under the farmer's name
    const photo = (
      await request(t.app)
        .post('/api/upload')
        .set(farmer.auth)
        .attach('file', await images.png(), 'p.png')
        .expect(200)
    ).body.data;
    const voice = (
      await request(t.app).post('/api/upload').set(farmer.auth).attach('file', tone.webmOpus(1), 'v.webm').expect(200)
    ).body.data;
    const two = await next(2);
    await request(t.app)
      .post('/api/message/create')
      .set(farmer.auth)
      .send({ conversation_id: conv.id, upload_id: photo.upload_id })
      .expect(200);
    await t.chat.push.idle();
    await request(t.app)
      .post('/api/message/create')
      .set(farmer.auth)
      .send({ conversation_id: conv.id, upload_id: voice.upload_id })
      .expect(200);
    const pushes = await two.wait();
    expect(pushes.map((p) => p.path)).toEqual([
      new URL(ownerSub.endpoint).pathname,
      new URL(ownerSub.endpoint).pathname,
    ]);
    expect(pushes.map((p) => ownerSub.decrypt(p))).toEqual([
      {
        type: 'message',
        title: farmer.user.name,
        body: 'صورة',
        url: `/chat/${conv.id}`,
        tag: `conversation-${conv.id}`,
      },
      {
        type: 'message',
        title: farmer.user.name,
        body: 'رسالة صوتية',
        url: `/chat/${conv.id}`,
        tag: `conversation-${conv.id}`,
      },
    ]);
  });

  it('messages of one moment to several recipients: their subscriptions are read together, each gets its own', async () => {
    const chats = [await chat(), await chat(), await chat()];
    // the messages are written before anyone subscribes (no push yet), then announced in one turn
    const rows = [];
    for (const [i, c] of chats.entries()) {
      const res = await request(t.app)
        .post('/api/message/create')
        .set(c.farmer.auth)
        .send({ conversation_id: c.conv.id, message: `سؤال ${i}` })
        .expect(200);
      rows.push(
        await t.db.selectFrom('messages').selectAll().where('id', '=', res.body.data.id).executeTakeFirstOrThrow(),
      );
    }
    await t.chat.push.idle();
    const subs = [endpoint.subscription(), endpoint.subscription(), endpoint.subscription()];
    await subscribe(chats[0]!.owner.auth, subs[0]).expect(200);
    await subscribe(chats[0]!.owner.auth, subs[1]).expect(200);
    await subscribe(chats[1]!.owner.auth, subs[2]).expect(200);
    const conversations = await Promise.all(
      chats.map((c) =>
        t.db.selectFrom('conversations').selectAll().where('id', '=', c.conv.id).executeTakeFirstOrThrow(),
      ),
    );
    const three = await next(3);
    for (const [i, row] of rows.entries()) t.chat.push.messageCreated(row, conversations[i]!);
    const pushes = await three.wait();
    await t.chat.push.idle();
    expect(endpoint.received.length).toBe(three.before + 3);
    const byPath = new Map(pushes.map((p) => [p.path, p]));
    expect(subs[0]!.decrypt(byPath.get(new URL(subs[0]!.endpoint).pathname)!).body).toBe('سؤال 0');
    expect(subs[1]!.decrypt(byPath.get(new URL(subs[1]!.endpoint).pathname)!).body).toBe('سؤال 0');
    expect(subs[2]!.decrypt(byPath.get(new URL(subs[2]!.endpoint).pathname)!).body).toBe('سؤال 1');
  });

  it('an idempotent repeat (same client_id) sends nothing more', async () => {
    const { farmer, owner, conv } = await chat();
    await subscribe(owner.auth, endpoint.subscription()).expect(200);
    const body = { conversation_id: conv.id, message: 'مرحبا', client_id: 'once' };
    const one = await next(1);
    await request(t.app).post('/api/message/create').set(farmer.auth).send(body).expect(200);
    await one.wait();
    await request(t.app).post('/api/message/create').set(farmer.auth).send(body).expect(200);
    await t.chat.push.idle();
    expect(endpoint.received.length).toBe(one.before + 1);
  });

  it('a new order reaches the store account; its new status the buyer', async () => {
    const farmer = await t.make.loginAs('farmer');
    const owner = await t.make.loginAs('store');
    const product = await t.make.product(owner.store!.id, { price_cents: 1250 });
    const farmerSub = endpoint.subscription();
    const ownerSub = endpoint.subscription();
    await subscribe(farmer.auth, farmerSub).expect(200);
    await subscribe(owner.auth, ownerSub).expect(200);

    const created = await next(1);
    const order = await request(t.app)
      .post('/api/order/create')
      .set(farmer.auth)
      .send({
        store_id: owner.store!.id,
        total: '25.00',
        items: [{ product_id: product.id, quantity: 2 }],
        delivery: { province: 1, address: 'ريف دمشق، دوما', phone: '0944444444' },
        client_id: 'o-1',
      });
    expect(order.status).toBe(200);
    const [newOrder] = await created.wait();
    expect(newOrder!.path).toBe(new URL(ownerSub.endpoint).pathname);
    expect(ownerSub.decrypt(newOrder!)).toEqual({
      type: 'order:new',
      title: 'طلب جديد',
      body: `الطلب رقم ${order.body.data.id} من ${farmer.user.name} بقيمة 25.00 $`,
      url: `/order/details?id=${order.body.data.id}`,
      tag: `order-${order.body.data.id}`,
    });

    const updated = await next(1);
    await request(t.app)
      .post(`/api/order/update/${order.body.data.id}`)
      .set(owner.auth)
      .send({ status: 1 })
      .expect(200);
    const [status] = await updated.wait();
    expect(status!.path).toBe(new URL(farmerSub.endpoint).pathname);
    expect(farmerSub.decrypt(status!)).toEqual({
      type: 'order:status',
      title: 'تحديث حالة طلبك',
      body: `الطلب رقم ${order.body.data.id} من ${owner.store!.name_store}: مكتمل`,
      url: '/myorders',
      tag: `order-${order.body.data.id}`,
    });
    // the same status again: nothing new to tell
    await request(t.app)
      .post(`/api/order/update/${order.body.data.id}`)
      .set(owner.auth)
      .send({ status: 1 })
      .expect(200);
    await t.chat.push.idle();
    expect(endpoint.received.length).toBe(updated.before + 1);
  });

  it('410 or 404 from the push service deletes the subscription; a 500 keeps it', async () => {
    for (const [status, kept] of [
      [410, 0],
      [404, 0],
      [500, 1],
    ] as const) {
      const { farmer, owner, conv } = await chat();
      await subscribe(farmer.auth, endpoint.subscription()).expect(200);
      endpoint.respondWith(status);
      try {
        const one = await next(1);
        await request(t.app)
          .post('/api/message/create')
          .set(owner.auth)
          .send({ conversation_id: conv.id, message: 'هل وصلت؟' })
          .expect(200);
        await one.wait();
        await t.chat.push.idle();
      } finally {
        endpoint.respondWith(201);
      }
      expect(await subscriptionsOf(farmer.user.id), String(status)).toHaveLength(kept);
    }
  });

  it('a signed-out session gets no pushes (its subscriptions are dropped)', async () => {
    const { farmer, owner, conv } = await chat();
    await subscribe(farmer.auth, endpoint.subscription()).expect(200);
    await request(t.app).post('/api/auth/logout').set(farmer.auth).expect(200);
    const before = endpoint.received.length;
    await request(t.app)
      .post('/api/message/create')
      .set(owner.auth)
      .send({ conversation_id: conv.id, message: 'مرحبا' })
      .expect(200);
    await t.chat.push.idle();
    expect(endpoint.received.length).toBe(before);
    expect(await subscriptionsOf(farmer.user.id)).toHaveLength(0);
  });

  it('a push service that is down never slows or fails the write', async () => {
    const { farmer, owner, conv } = await chat();
    // a port nobody listens on
    const dead = await startPushEndpoint();
    const sub = dead.subscription();
    await dead.close();
    await subscribe(farmer.auth, sub).expect(200);
    const started = Date.now();
    const res = await request(t.app)
      .post('/api/message/create')
      .set(owner.auth)
      .send({ conversation_id: conv.id, message: 'رسالة' });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    await t.chat.push.idle();
    // unreachable is not "gone": the subscription stays for the next message
    expect(await subscriptionsOf(farmer.user.id)).toHaveLength(1);
  });
});
