/**
 * The storage itself (storage/), run on both backends: the folder here, the bucket of a real
 * S3-compatible server in the api-s3 project (vitest.s3.config.ts). What /storage answers must not
 * depend on where the files are: types, cache rules, ETag and 304, HEAD, byte ranges for voice notes,
 * 404 for what is not there — and a file written by one API instance is served by another.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApi } from '../src/app';
import { images, tone } from './helpers/media';
import { createTestApi, testStorage, useTestApi } from './helpers/test-api';

const t = useTestApi();

const upload = (auth: { Authorization: string }, file: Buffer, name: string) =>
  request(t.app).post('/api/upload').set(auth).attach('file', file, name);

describe(`storage (${testStorage()})`, () => {
  it('is the backend this run is for, and nothing goes to the folder when it is the bucket', async () => {
    expect(t.storage.kind).toBe(testStorage());
    const farmer = await t.make.loginAs('farmer');
    const up = (await upload(farmer.auth, await images.png(), 'a.png')).body.data;
    const key = up.path.split('?')[0];
    expect(await t.storage.exists(key)).toBe(true);
    expect(await t.storage.list('messages')).toContain(key);
    expect(existsSync(path.join(t.config.storageDir, key))).toBe(testStorage() === 'folder');
  });

  it('puts, reads, lists and removes by key; a missing key is null / false; other names are refused', async () => {
    const key = 'voice/0123456789abcdef01234567.mp3';
    expect(await t.storage.read(key)).toBeNull();
    expect(await t.storage.exists(key)).toBe(false);
    await t.storage.put(key, Buffer.from('ID3-not-really'));
    expect((await t.storage.read(key))?.toString()).toBe('ID3-not-really');
    expect(await t.storage.list('voice')).toContain(key);
    await t.storage.remove([key, 'voice/ffffffffffffffffffffffff.mp3']);
    expect(await t.storage.exists(key)).toBe(false);
    for (const bad of ['../etc/passwd', 'voice/../x.mp3', '/voice/ab.mp3', 'voice/AB.mp3', 'voice/ab.exe', 'ab.webp']) {
      await expect(t.storage.put(bad, Buffer.from('x'))).rejects.toThrow(/not a storage key/);
    }
  });

  it('serves a public image with its type, a year of cache, an ETag that answers 304, and HEAD without a body', async () => {
    const owner = await t.make.loginAs('store');
    const made = await request(t.app)
      .post('/api/product/create')
      .set(owner.auth)
      .field('name', 'سماد')
      .field('type', '3')
      .field('price', '10')
      .field('is_special', 'false')
      .attach('image', await images.png(), 'p.png');
    const image: string = made.body.data.image;
    const got = await request(t.app).get(`/storage/${image}`);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/webp');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(got.headers['content-length'])).toBe((await t.storage.read(image))?.length);
    expect(got.headers['last-modified']).toBeTruthy();
    const etag = got.headers.etag;
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    const again = await request(t.app).get(`/storage/${image}`).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    const head = await request(t.app).head(`/storage/${image}`);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(got.headers['content-length']);
    const thumb = await request(t.app).get(`/storage/${image.replace('.webp', '.thumb.webp')}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    // a write method, another folder, an odd name: 404
    expect((await request(t.app).post(`/storage/${image}`)).status).toBe(404);
    expect((await request(t.app).get('/storage/products/not-hex.webp')).status).toBe(404);
    expect((await request(t.app).get('/storage/other/0123abcd.webp')).status).toBe(404);
    expect((await request(t.app).get('/storage/products/0123abcd.webp')).status).toBe(404);
  });

  it('serves a voice note in byte ranges (206, suffix ranges, 416 past the end) so players can seek', async () => {
    const farmer = await t.make.loginAs('farmer');
    const voice = (await upload(farmer.auth, tone.webmOpus(2), 'v.webm')).body.data;
    const whole = await request(t.app).get(`/storage/${voice.path}`).buffer(true);
    expect(whole.status).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = Number(whole.headers['content-length']);
    expect(size).toBeGreaterThan(1000);
    const first = await request(t.app).get(`/storage/${voice.path}`).set('Range', 'bytes=0-99').buffer(true);
    expect(first.status).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(first.headers['content-length']).toBe('100');
    expect(first.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const tail = await request(t.app).get(`/storage/${voice.path}`).set('Range', 'bytes=-10').buffer(true);
    expect(tail.status).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    const past = await request(t.app)
      .get(`/storage/${voice.path}`)
      .set('Range', `bytes=${size + 10}-`);
    expect(past.status).toBe(416);
  });

  it('answers 404 for a chat file whose message was deleted, even with a valid signature', async () => {
    const farmer = await t.make.loginAs('farmer');
    const owner = await t.make.loginAs('store');
    const conv = await t.make.conversation(farmer.user.id, owner.store!);
    const up = (await upload(farmer.auth, tone.webmOpus(1), 'v.webm')).body.data;
    const sent = await request(t.app)
      .post('/api/message/create')
      .set(farmer.auth)
      .send({ conversation_id: conv.id, upload_id: up.upload_id });
    expect((await request(t.app).get(`/storage/${up.path}`)).status).toBe(200);
    await request(t.app).post(`/api/message/delete/${sent.body.data.id}`).set(farmer.auth).expect(200);
    expect(await t.storage.exists(up.path.split('?')[0])).toBe(false);
    const gone = await request(t.app).get(`/storage/${up.path}`);
    expect(gone.status).toBe(404);
  });

  it('two API instances on one storage: a photo uploaded through one is served by the other', async () => {
    const second = await createApi(t.config, { logger: pino({ level: 'silent' }) });
    try {
      const owner = await t.make.loginAs('store');
      const made = await request(second.app)
        .post('/api/product/create')
        .set(owner.auth)
        .field('name', 'بذور')
        .field('type', '3')
        .field('price', '5')
        .field('is_special', 'false')
        .attach('image', await images.png(), 'p.png');
      expect(made.status).toBe(200);
      expect((await request(t.app).get(`/storage/${made.body.data.image}`)).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe.runIf(testStorage() === 's3')('a bucket that cannot be used', () => {
  it('stops the start with a message naming the bucket', async () => {
    await expect(
      createTestApi({ s3: { ...(t.config.s3 as NonNullable<typeof t.config.s3>), bucket: 'no-such-bucket-here' } }),
    ).rejects.toThrow(/S3_BUCKET: the bucket s3:\/\/no-such-bucket-here at http:\/\/127\.0\.0\.1:\d+ cannot be used/);
  });
});
