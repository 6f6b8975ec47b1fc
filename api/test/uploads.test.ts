/**
 * POST upload (CONTRACT.md §7): every accepted image and audio type decoded for real (sharp, the
 * static ffmpeg), every refusal with its status, `error.code` and an Arabic message, metadata gone,
 * the private serving of the stored files, and the sweep of unused uploads.
 */
import { thumbPath } from '@agrivet/shared';
import { parseBuffer } from 'music-metadata';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { EBML_JUNK, fixture, HEIC_LIKE, images, PDF, SVG, silenceWebm, TEXT, tone, videoWebm } from './helpers/media';
import { isStored, storedFile } from './helpers/stored';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

const SIGNED = /^(messages\/[0-9a-f]{24}(\.thumb)?\.webp|voice\/[0-9a-f]{24}\.mp3)\?exp=\d+&sig=[A-Za-z0-9_-]{22}$/;

const upload = (auth: { Authorization: string } | null, file: Buffer, filename: string, contentType?: string) => {
  const req = request(t.app).post('/api/upload');
  if (auth) req.set(auth);
  return req.attach('file', file, contentType ? { filename, contentType } : filename);
};

/** The stored file behind a signed path. */

/** A refusal: status, code, Arabic message (no English from sharp or ffmpeg), nothing stored. */
async function expectRefused(res: request.Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body.status).toBe(status);
  expect(res.body.error.code).toBe(code);
  expect(res.body.error.message).toMatch(/[\u0600-\u06FF]/);
  for (const text of [res.body.error.message, ...Object.values(res.body.error.fields ?? {})]) {
    expect(text).not.toMatch(/[A-Za-z]/);
  }
}

describe('POST upload', () => {
  it('requires authentication', async () => {
    const res = await upload(null, await images.png(), 'a.png');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  describe('images', () => {
    for (const [name, make, filename] of [
      ['JPEG (with EXIF and GPS)', images.jpegWithGps, 'photo.jpg'],
      ['PNG', images.png, 'photo.png'],
      ['WebP', images.webp, 'photo.webp'],
      ['GIF', images.gif, 'photo.gif'],
      ['AVIF (HEIF)', images.avif, 'photo.avif'],
    ] as const) {
      it(`stores a ${name}: re-encoded WebP without metadata, a thumbnail, its size`, async () => {
        const farmer = await t.make.loginAs('farmer');
        const input = await make();
        const res = await upload(farmer.auth, input, filename);
        expect(res.status).toBe(200);
        const data = res.body.data;
        expect(data).toEqual({
          upload_id: expect.any(Number),
          kind: 'image',
          path: expect.stringMatching(SIGNED),
          thumb: expect.stringMatching(SIGNED),
          width: 96,
          height: 64,
        });
        expect(data.thumb.split('?')[0]).toBe(thumbPath(data.path.split('?')[0]));
        const file = await storedFile(t, data.path);
        const meta = await sharp(file).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.exif).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(file.includes(Buffer.from('FarmPhone'))).toBe(false);
        expect(await isStored(t, data.thumb)).toBe(true);
        const row = await t.db
          .selectFrom('uploads')
          .selectAll()
          .where('id', '=', data.upload_id)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ user_id: farmer.user.id, kind: 'image', message_id: null, used_at: null });
      });
    }

    it('the declared name and type do not matter: a PNG sent as voice.webm is an image', async () => {
      const farmer = await t.make.loginAs('farmer');
      const res = await upload(farmer.auth, await images.png(), 'voice.webm', 'audio/webm');
      expect(res.status).toBe(200);
      expect(res.body.data.kind).toBe('image');
    });
  });

  describe('voice notes', () => {
    for (const [name, make, filename] of [
      ['WebM/Opus (Chromium, Firefox)', () => tone.webmOpus(3), 'voice.webm'],
      ['Ogg/Opus (Firefox)', () => tone.oggOpus(3), 'voice.ogg'],
      ['fragmented MP4/AAC (Safari)', () => tone.mp4Aac(3), 'voice.mp4'],
      ['Ogg/Vorbis', () => tone.oggVorbis(3), 'voice.oga'],
      [
        "Chromium's own MediaRecorder WebM (no duration in its headers)",
        () => fixture('chromium-recording.webm'),
        'blob',
      ],
      ["Chromium's own MediaRecorder MP4/Opus", () => fixture('chromium-recording.mp4'), 'blob'],
    ] as const) {
      it(`stores ${name} as MP3 without metadata, with its decoded duration`, async () => {
        const farmer = await t.make.loginAs('farmer');
        const res = await upload(farmer.auth, make(), filename);
        expect(res.status).toBe(200);
        const data = res.body.data;
        expect(data).toEqual({
          upload_id: expect.any(Number),
          kind: 'audio',
          path: expect.stringMatching(/^voice\/[0-9a-f]{24}\.mp3\?exp=\d+&sig=/),
          duration_ms: expect.any(Number),
        });
        expect(Math.abs(data.duration_ms - 3000)).toBeLessThan(150);
        const file = await storedFile(t, data.path);
        // no ID3 tag, an MPEG audio frame first
        expect(file.subarray(0, 3).toString('latin1')).not.toBe('ID3');
        expect(file[0]).toBe(0xff);
        const parsed = await parseBuffer(file, { mimeType: 'audio/mpeg' }, { duration: true });
        expect(parsed.format.codec).toMatch(/MPEG 1 Layer 3/);
        expect(parsed.format.numberOfChannels).toBe(1);
        expect(parsed.common.title).toBeUndefined();
        expect(parsed.common.artist).toBeUndefined();
        expect(file.includes(Buffer.from('Secret'))).toBe(false);
        expect(file.includes(Buffer.from('سر المزرعة'))).toBe(false);
      });
    }

    it('accepts a recording of just under 5 minutes', async () => {
      const farmer = await t.make.loginAs('farmer');
      const res = await upload(farmer.auth, silenceWebm(299), 'long.webm');
      expect(res.status).toBe(200);
      expect(Math.abs(res.body.data.duration_ms - 299_000)).toBeLessThan(500);
      // transcoding five minutes of audio takes ~12 s of one core: room for a busy machine
    }, 120_000);

    it('refuses a recording over 5 minutes (422, under 5 MB)', async () => {
      const farmer = await t.make.loginAs('farmer');
      const six = silenceWebm(360);
      expect(six.length).toBeLessThan(5 * 1024 * 1024);
      const res = await upload(farmer.auth, six, 'six-minutes.webm');
      await expectRefused(res, 422, 'validation_failed');
      expect(res.body.error.fields).toEqual({ file: 'التسجيل الصوتي أطول من 5 دقائق' });
    }, 120_000);
  });

  describe('refusals', () => {
    const notMedia = 'الملف المرفوع ليس صورة أو تسجيلاً صوتياً صالحاً';
    for (const [name, make, filename, type] of [
      ['a text file renamed .png', () => TEXT, 'photo.png', 'image/png'],
      ['a text file renamed .webm', () => TEXT, 'voice.webm', 'audio/webm'],
      ['an SVG (with a script)', () => SVG, 'logo.svg', 'image/svg+xml'],
      ['a PDF', () => PDF, 'doc.pdf', 'application/pdf'],
      ['an HEIC this sharp build cannot decode', () => HEIC_LIKE, 'IMG_0001.heic', 'image/heic'],
      ['a WebM header over garbage', () => EBML_JUNK, 'voice.webm', 'audio/webm'],
      ['a WebM video', () => videoWebm(), 'clip.webm', 'video/webm'],
      ['MP3 inside Matroska (not a recording codec)', () => tone.mkvMp3(2), 'voice.mka', 'audio/x-matroska'],
    ] as const) {
      it(`refuses ${name}: 422 with an Arabic message, nothing stored`, async () => {
        const farmer = await t.make.loginAs('farmer');
        const res = await upload(farmer.auth, make(), filename, type);
        await expectRefused(res, 422, 'validation_failed');
        expect(res.body.error.fields).toEqual({ file: notMedia });
        const rows = await t.db.selectFrom('uploads').select('id').where('user_id', '=', farmer.user.id).execute();
        expect(rows).toEqual([]);
      });
    }

    it('refuses a file over 5 MB with 413 too_large', async () => {
      const farmer = await t.make.loginAs('farmer');
      const big = Buffer.concat([await images.png(), Buffer.alloc(5 * 1024 * 1024, 1)]);
      const res = await upload(farmer.auth, big, 'big.png');
      await expectRefused(res, 413, 'too_large');
    });

    it('refuses a request without a file, with another field name or as JSON (422 on file)', async () => {
      const farmer = await t.make.loginAs('farmer');
      const none = await request(t.app).post('/api/upload').set(farmer.auth).field('x', '1');
      await expectRefused(none, 422, 'validation_failed');
      expect(none.body.error.fields).toEqual({ file: 'هذا الحقل مطلوب' });
      const other = await request(t.app)
        .post('/api/upload')
        .set(farmer.auth)
        .attach('image', await images.png(), 'a.png');
      await expectRefused(other, 422, 'validation_failed');
      expect(Object.keys(other.body.error.fields)).toEqual(['image']);
      const json = await request(t.app)
        .post('/api/upload')
        .set(farmer.auth)
        .send({ file: 'data:image/png;base64,AAAA' });
      await expectRefused(json, 422, 'validation_failed');
      const empty = await upload(farmer.auth, Buffer.alloc(0), 'empty.png');
      await expectRefused(empty, 422, 'validation_failed');
    });
  });

  describe('serving', () => {
    it('a stored file is served with its signature only, privately; without it 403', async () => {
      const farmer = await t.make.loginAs('farmer');
      const image = (await upload(farmer.auth, await images.png(), 'a.png')).body.data;
      const voice = (await upload(farmer.auth, tone.webmOpus(2), 'v.webm')).body.data;
      for (const signed of [image.path, image.thumb, voice.path]) {
        const ok = await request(t.app).get(`/storage/${signed}`);
        expect(ok.status).toBe(200);
        expect(ok.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
        expect(Number(/max-age=(\d+)/.exec(ok.headers['cache-control'])?.[1])).toBeLessThanOrEqual(86_400);
        const bare = signed.split('?')[0];
        const unsigned = await request(t.app).get(`/storage/${bare}`);
        expect(unsigned.status).toBe(403);
        expect(unsigned.body.error.code).toBe('forbidden');
        expect(unsigned.headers['cache-control']).toBe('no-store');
      }
      const voiceFile = await request(t.app).get(`/storage/${voice.path}`);
      expect(voiceFile.headers['content-type']).toBe('audio/mpeg');
      // a range request (Safari plays audio through them)
      const range = await request(t.app).get(`/storage/${voice.path}`).set('Range', 'bytes=0-99');
      expect(range.status).toBe(206);
      expect(range.headers['content-range']).toMatch(/^bytes 0-99\//);
    });
  });

  describe('sweep of unused uploads', () => {
    it('deletes uploads unused for 24 hours with their files, keeps newer and used ones', async () => {
      const farmer = await t.make.loginAs('farmer');
      const owner = await t.make.loginAs('store');
      const conv = await t.make.conversation(farmer.user.id, owner.store!);
      const old = (await upload(farmer.auth, await images.png(), 'old.png')).body.data;
      const oldVoice = (await upload(farmer.auth, tone.webmOpus(1), 'old.webm')).body.data;
      const fresh = (await upload(farmer.auth, await images.png(), 'new.png')).body.data;
      const used = (await upload(farmer.auth, tone.oggOpus(1), 'used.ogg')).body.data;
      const sent = await request(t.app)
        .post('/api/message/create')
        .set(farmer.auth)
        .send({ conversation_id: conv.id, upload_id: used.upload_id });
      expect(sent.status).toBe(200);
      const dayAgo = new Date(Date.now() - 24 * 3600 * 1000 - 60_000).toISOString();
      await t.db
        .updateTable('uploads')
        .set({ created_at: dayAgo })
        .where('id', 'in', [old.upload_id, oldVoice.upload_id, used.upload_id])
        .execute();

      // a clock 1 hour earlier: nothing is 24 hours old yet
      expect(await t.chat.sweep(new Date(Date.now() - 3600 * 1000))).toBe(0);
      const removed = await t.chat.sweep(new Date());
      expect(removed).toBeGreaterThanOrEqual(2);
      const left = await t.db
        .selectFrom('uploads')
        .select('id')
        .where('id', 'in', [old.upload_id, oldVoice.upload_id, fresh.upload_id, used.upload_id])
        .orderBy('id')
        .execute();
      expect(left.map((r) => r.id)).toEqual([fresh.upload_id, used.upload_id]);
      for (const gone of [old.path, old.thumb, oldVoice.path]) expect(await isStored(t, gone)).toBe(false);
      for (const kept of [fresh.path, fresh.thumb, used.path]) expect(await isStored(t, kept)).toBe(true);

      // a swept upload cannot be attached any more
      const late = await request(t.app)
        .post('/api/message/create')
        .set(farmer.auth)
        .send({ conversation_id: conv.id, upload_id: old.upload_id });
      expect(late.status).toBe(422);
      expect(late.body.error.fields).toEqual({ upload_id: 'الملف المرفق غير موجود أو انتهت صلاحيته، أعد رفعه' });
    });

    it('a used upload whose message is gone (conversation deleted) loses its files at the next sweep', async () => {
      const farmer = await t.make.loginAs('farmer');
      const owner = await t.make.loginAs('store');
      const admin = await t.make.loginAs('admin');
      const conv = await t.make.conversation(farmer.user.id, owner.store!);
      const voice = (await upload(farmer.auth, tone.webmOpus(1), 'v.webm')).body.data;
      await request(t.app)
        .post('/api/message/create')
        .set(farmer.auth)
        .send({ conversation_id: conv.id, upload_id: voice.upload_id })
        .expect(200);
      await request(t.app).post(`/api/conversation/delete/${conv.id}`).set(admin.auth).expect(200);
      const row = await t.db
        .selectFrom('uploads')
        .selectAll()
        .where('id', '=', voice.upload_id)
        .executeTakeFirstOrThrow();
      expect(row.message_id).toBeNull();
      expect(row.used_at).not.toBeNull();
      await t.chat.sweep(new Date());
      expect(await isStored(t, voice.path)).toBe(false);
      expect(
        await t.db.selectFrom('uploads').select('id').where('id', '=', voice.upload_id).executeTakeFirst(),
      ).toBeUndefined();
    });

    it('a used upload stays however old it is', async () => {
      const farmer = await t.make.loginAs('farmer');
      const owner = await t.make.loginAs('store');
      const conv = await t.make.conversation(farmer.user.id, owner.store!);
      const img = (await upload(farmer.auth, await images.png(), 'kept.png')).body.data;
      await request(t.app)
        .post('/api/message/create')
        .set(farmer.auth)
        .send({ conversation_id: conv.id, upload_id: img.upload_id })
        .expect(200);
      await t.db
        .updateTable('uploads')
        .set({ created_at: '2000-01-01T00:00:00.000Z' })
        .where('id', '=', img.upload_id)
        .execute();
      await t.chat.sweep(new Date());
      expect(await isStored(t, img.path)).toBe(true);
      expect(
        await t.db.selectFrom('uploads').select('id').where('id', '=', img.upload_id).executeTakeFirst(),
      ).toBeDefined();
    });
  });
});
