/**
 * Attachments in messages (CONTRACT.md §7, issue 15 item 6): message/create {upload_id} (the
 * uploader only, once), the attachment JSON in every place a message appears, message/delete/{id}
 * (author within 15 minutes, admin), and private media: a chat file is fetched only through the
 * signed path a participant (or the admin) received.
 */
import { thumbPath } from '@agrivet/shared';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MediaSigner } from '../src/media/signing';
import { images, tone } from './helpers/media';
import { isStored } from './helpers/stored';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

async function chat() {
  const farmer = await t.make.loginAs('farmer');
  const owner = await t.make.loginAs('store');
  const conv = await t.make.conversation(farmer.user.id, owner.store!);
  return { farmer, owner, conv };
}

type Auth = { Authorization: string };

const uploadImage = async (auth: Auth) =>
  (
    await request(t.app)
      .post('/api/upload')
      .set(auth)
      .attach('file', await images.png(), 'p.png')
      .expect(200)
  ).body.data;
const uploadVoice = async (auth: Auth) =>
  (await request(t.app).post('/api/upload').set(auth).attach('file', tone.webmOpus(2), 'v.webm').expect(200)).body.data;
const send = (auth: Auth, body: Record<string, unknown>) =>
  request(t.app).post('/api/message/create').set(auth).send(body);
const remove = (auth: Auth | null, id: number | string) => {
  const req = request(t.app).post(`/api/message/delete/${id}`);
  return auth ? req.set(auth) : req;
};
const fetchMedia = (signed: string) => request(t.app).get(`/storage/${signed}`);

describe('message/create with an upload', () => {
  it('attaches a photo: the attachment, and `image` as before', async () => {
    const { farmer, conv } = await chat();
    const up = await uploadImage(farmer.auth);
    const res = await send(farmer.auth, { conversation_id: conv.id, upload_id: up.upload_id, client_id: 'p-1' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      conversation_id: conv.id,
      user_id: farmer.user.id,
      message: null,
      image: up.path,
      attachment: { kind: 'image', path: up.path, thumb: up.thumb, width: 96, height: 64 },
      deleted: false,
      client_id: 'p-1',
      card: null,
      auto: false,
      created_at: expect.any(String),
    });
    const row = await t.db.selectFrom('uploads').selectAll().where('id', '=', up.upload_id).executeTakeFirstOrThrow();
    expect(row.message_id).toBe(res.body.data.id);
    expect(row.used_at).not.toBeNull();
  });

  it('attaches a voice note with a caption; `image` stays null', async () => {
    const { farmer, conv } = await chat();
    const up = await uploadVoice(farmer.auth);
    const res = await send(farmer.auth, {
      conversation_id: conv.id,
      upload_id: up.upload_id,
      message: 'اسمع صوت البقرة',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      message: 'اسمع صوت البقرة',
      image: null,
      attachment: { kind: 'audio', path: up.path, duration_ms: up.duration_ms },
    });
    expect(Object.keys(res.body.data.attachment).sort()).toEqual(['duration_ms', 'kind', 'path']);
  });

  it("refuses someone else's upload (403), a used one (409), an unknown one (422) — nothing written", async () => {
    const { farmer, owner, conv } = await chat();
    const other = await t.make.loginAs('farmer');
    const theirs = await uploadImage(other.auth);
    const before = await t.db.selectFrom('messages').select('id').where('conversation_id', '=', conv.id).execute();

    const stolen = await send(farmer.auth, { conversation_id: conv.id, upload_id: theirs.upload_id });
    expect(stolen.status).toBe(403);
    expect(stolen.body.error).toMatchObject({ code: 'forbidden', message: 'لا يمكنك إرفاق ملف رفعه مستخدم آخر' });
    // the store's owner, a participant, cannot attach the farmer's upload either
    const mine = await uploadImage(farmer.auth);
    const byOwner = await send(owner.auth, { conversation_id: conv.id, upload_id: mine.upload_id });
    expect(byOwner.status).toBe(403);

    const first = await send(farmer.auth, { conversation_id: conv.id, upload_id: mine.upload_id });
    expect(first.status).toBe(200);
    const again = await send(farmer.auth, {
      conversation_id: conv.id,
      upload_id: mine.upload_id,
      message: 'مرة ثانية',
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'conflict', message: 'هذا الملف مرفق برسالة أخرى' });

    const unknown = await send(farmer.auth, { conversation_id: conv.id, upload_id: 999_999 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe('validation_failed');
    expect(unknown.body.error.fields).toEqual({ upload_id: 'الملف المرفق غير موجود أو انتهت صلاحيته، أعد رفعه' });
    const badId = await send(farmer.auth, { conversation_id: conv.id, upload_id: 'abc' });
    expect(badId.status).toBe(422);
    expect(badId.body.error.fields).toHaveProperty('upload_id');

    const after = await t.db.selectFrom('messages').select('id').where('conversation_id', '=', conv.id).execute();
    expect(after.length).toBe(before.length + 1);
  });

  it('the same client_id again answers the first message (an outbox retry), not 409', async () => {
    const { farmer, conv } = await chat();
    const up = await uploadVoice(farmer.auth);
    const body = { conversation_id: conv.id, upload_id: up.upload_id, client_id: 'retry-1' };
    const [a, b] = await Promise.all([send(farmer.auth, body), send(farmer.auth, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.id).toBe(b.body.data.id);
    const c = await send(farmer.auth, body);
    expect(c.status).toBe(200);
    expect(c.body.data.id).toBe(a.body.data.id);
  });

  it('two messages racing for one upload: one wins, the other is 409', async () => {
    const { farmer, conv } = await chat();
    const up = await uploadImage(farmer.auth);
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        send(farmer.auth, { conversation_id: conv.id, upload_id: up.upload_id, client_id: `race-${n}` }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const users = await t.db
      .selectFrom('messages')
      .select('id')
      .where('attachment', 'is not', null)
      .where('conversation_id', '=', conv.id)
      .execute();
    expect(users).toHaveLength(1);
  });

  it('one attachment per message: upload_id and a multipart image together are 422', async () => {
    const { farmer, conv } = await chat();
    const up = await uploadImage(farmer.auth);
    const res = await request(t.app)
      .post('/api/message/create')
      .set(farmer.auth)
      .field('conversation_id', String(conv.id))
      .field('upload_id', String(up.upload_id))
      .attach('image', await images.png(), 'x.png');
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toHaveProperty('image');
  });

  it('a non-participant cannot post an upload into the conversation (403)', async () => {
    const { conv } = await chat();
    const stranger = await t.make.loginAs('farmer');
    const up = await uploadImage(stranger.auth);
    const res = await send(stranger.auth, { conversation_id: conv.id, upload_id: up.upload_id });
    expect(res.status).toBe(403);
    const row = await t.db.selectFrom('uploads').selectAll().where('id', '=', up.upload_id).executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
  });

  it('the attachment appears in conversation/get and as the last message of get-My-Conv', async () => {
    const { farmer, owner, conv } = await chat();
    const up = await uploadVoice(farmer.auth);
    const sent = (await send(farmer.auth, { conversation_id: conv.id, upload_id: up.upload_id })).body.data;
    const got = await request(t.app).get(`/api/conversation/get/${conv.id}`).set(owner.auth);
    expect(got.body.data.messages.at(-1)).toEqual(sent);
    const list = await request(t.app).get('/api/conversation/get-My-Conv').set(owner.auth);
    const mine = list.body.data.find((c: { id: number }) => c.id === conv.id);
    expect(mine.last_message).toEqual(sent);
  });
});

describe('private chat media', () => {
  it('participants and the admin fetch what their message JSON names; Cache-Control private', async () => {
    const { farmer, owner, conv } = await chat();
    const admin = await t.make.loginAs('admin');
    const img = await uploadImage(farmer.auth);
    await send(farmer.auth, { conversation_id: conv.id, upload_id: img.upload_id }).expect(200);
    const voice = await uploadVoice(owner.auth);
    await send(owner.auth, { conversation_id: conv.id, upload_id: voice.upload_id }).expect(200);
    for (const viewer of [farmer, owner, admin]) {
      const got = await request(t.app).get(`/api/conversation/get/${conv.id}`).set(viewer.auth).expect(200);
      const [photo, note] = got.body.data.messages.slice(-2);
      for (const signed of [photo.image, photo.attachment.thumb, thumbPath(photo.image), note.attachment.path]) {
        const res = await fetchMedia(signed);
        expect(res.status, signed).toBe(200);
        expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      }
    }
  });

  it('a non-participant gets neither the signed paths nor the files', async () => {
    const { farmer, conv } = await chat();
    const stranger = await t.make.loginAs('farmer');
    const img = await uploadImage(farmer.auth);
    const sent = (await send(farmer.auth, { conversation_id: conv.id, upload_id: img.upload_id })).body.data;
    expect((await request(t.app).get(`/api/conversation/get/${conv.id}`).set(stranger.auth)).status).toBe(403);
    const bare = sent.image.split('?')[0];
    for (const attempt of [
      `/storage/${bare}`,
      `/storage/${bare}?exp=9999999999`,
      `/storage/${bare}?sig=AAAAAAAAAAAAAAAAAAAAAA`,
      `/storage/${thumbPath(bare)}`,
    ]) {
      const res = await request(t.app).get(attempt).set(stranger.auth);
      expect(res.status, attempt).toBe(403);
      expect(res.body.error).toEqual({ code: 'forbidden', message: 'الرابط غير صالح أو انتهت صلاحيته' });
    }
  });

  it('no other spelling of a chat file reaches it without the signature', async () => {
    const { farmer } = await chat();
    const up = await uploadImage(farmer.auth);
    const voice = await uploadVoice(farmer.auth);
    const name = up.path.split('?')[0].split('/')[1];
    const voiceName = voice.path.split('?')[0].split('/')[1];
    for (const spelling of [
      `messages/${name}`,
      `messag%65s/${name}`,
      `%6D%65%73%73%61%67%65%73/${name}`,
      `/messages/${name}`,
      `./messages/${name}`,
      `users/../messages/${name}`,
      `users/%2e%2e/messages/${name}`,
      `%2fmessages/${name}`,
      `messages%2f${name}`,
      `MESSAGES/${name}`,
      `messages/${name.replace('.webp', '.thumb.webp')}`,
      `voice/${voiceName}`,
      `v%6Fice/${voiceName}`,
      `posts/../voice/${voiceName}`,
      `messages/${name}%00.png`,
      `messages/%E0%A4%A`,
    ]) {
      const res = await request(t.app).get(`/storage/${spelling}`);
      expect([403, 404], spelling).toContain(res.status);
    }
    // the signed path through an odd spelling is still the file (nothing stricter than the signature)
    expect((await fetchMedia(`./${up.path}`)).status).toBe(200);
  });

  it('a tampered, moved or expired signature is refused', async () => {
    const { farmer, conv } = await chat();
    const img = await uploadImage(farmer.auth);
    const voice = await uploadVoice(farmer.auth);
    const sent = (await send(farmer.auth, { conversation_id: conv.id, upload_id: img.upload_id })).body.data;
    const [bare, query] = sent.image.split('?');
    const params = new URLSearchParams(query);
    const sig = params.get('sig') as string;
    const exp = Number(params.get('exp'));
    const flipped = `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
    // the last character carries 2 bits of the signature and 4 of padding: the next letter spells the same bytes
    const respelled = `${sig.slice(0, -1)}${String.fromCharCode((sig.at(-1) as string).charCodeAt(0) + 1)}`;
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(sig, 'base64url'));
    const voiceBare = voice.path.split('?')[0];
    for (const attempt of [
      `${bare}?exp=${exp}&sig=${flipped}`, // tampered signature
      `${bare}?exp=${exp + 43_200}&sig=${sig}`, // a later expiry with the same signature
      `${voiceBare}?exp=${exp}&sig=${sig}`, // the image's signature on another file
      `${bare}?exp=${exp}&sig=${sig}x`, // malformed
      `${bare}?exp=${exp}&sig=${respelled}`, // the same bytes, not the canonical text
    ]) {
      expect((await fetchMedia(attempt)).status, attempt).toBe(403);
    }
    // a URL made by the same key 3 days ago has expired
    const secret = (
      await t.db.selectFrom('settings').select('value').where('key', '=', 'media_secret').executeTakeFirstOrThrow()
    ).value;
    const old = new MediaSigner(secret, () => Date.now() - 3 * 24 * 3600 * 1000).sign(bare);
    expect((await fetchMedia(old)).status).toBe(403);
    // …while one made now by that key is what the API hands out
    expect((await fetchMedia(new MediaSigner(secret).sign(bare))).status).toBe(200);
  });

  it('every instance of a deployment shares the signing key (kept in the database)', async () => {
    const row = await t.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'media_secret')
      .executeTakeFirstOrThrow();
    const { createApi } = await import('../src/app');
    const { pino } = await import('pino');
    const second = await createApi(t.config, { logger: pino({ level: 'silent' }) });
    try {
      const again = await second.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'media_secret')
        .executeTakeFirstOrThrow();
      expect(again.value).toBe(row.value);
      const { farmer, conv } = await chat();
      const img = await uploadImage(farmer.auth);
      const sent = (await send(farmer.auth, { conversation_id: conv.id, upload_id: img.upload_id })).body.data;
      // signed by this instance, served by the other
      expect((await request(second.app).get(`/storage/${sent.image}`)).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('public images (stores, products, articles, avatars) stay public and immutable', async () => {
    const owner = await t.make.loginAs('store');
    const res = await request(t.app)
      .post('/api/product/create')
      .set(owner.auth)
      .field('name', 'سماد')
      .field('type', '3')
      .field('price', '10')
      .field('is_special', 'false')
      .attach('image', await images.png(), 'p.png');
    expect(res.status).toBe(200);
    const img = await request(t.app).get(`/storage/${res.body.data.image}`);
    expect(img.status).toBe(200);
    expect(img.headers['cache-control']).toMatch(/public.*immutable|immutable.*public|max-age=31536000.*immutable/);
  });

  it('older image messages (multipart, before uploads) are private too', async () => {
    const { farmer, conv } = await chat();
    const res = await request(t.app)
      .post('/api/message/create')
      .set(farmer.auth)
      .field('conversation_id', String(conv.id))
      .attach('image', await images.png(), 'old.png')
      .expect(200);
    expect((await fetchMedia(res.body.data.image)).status).toBe(200);
    expect((await fetchMedia(res.body.data.image.split('?')[0])).status).toBe(403);
  });
});

describe('message/delete/{id}', () => {
  it('requires authentication', async () => {
    const { farmer, conv } = await chat();
    const m = (await send(farmer.auth, { conversation_id: conv.id, message: 'خطأ' })).body.data;
    const res = await remove(null, m.id);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('the author within 15 minutes: the message stays as deleted, text and files gone, everywhere', async () => {
    const { farmer, owner, conv } = await chat();
    const up = await uploadImage(farmer.auth);
    const m = (await send(farmer.auth, { conversation_id: conv.id, upload_id: up.upload_id, message: 'أرسلتها خطأ' }))
      .body.data;
    const res = await remove(farmer.auth, m.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...m, message: null, image: null, attachment: null, deleted: true });
    expect(await isStored(t, up.path)).toBe(false);
    expect(await isStored(t, up.thumb)).toBe(false);
    // the old signed URL finds nothing
    expect((await fetchMedia(up.path)).status).toBe(404);
    // both sides see it deleted, in the thread and as the list's preview
    for (const viewer of [farmer, owner]) {
      const got = await request(t.app).get(`/api/conversation/get/${conv.id}`).set(viewer.auth);
      expect(got.body.data.messages.at(-1)).toEqual(res.body.data);
      const list = await request(t.app).get('/api/conversation/get-My-Conv').set(viewer.auth);
      expect(list.body.data.find((c: { id: number }) => c.id === conv.id).last_message).toEqual(res.body.data);
    }
    // deleting again answers the same (an outbox retry)
    const again = await remove(farmer.auth, m.id);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(res.body.data);
    // the used upload cannot be attached again
    expect((await send(farmer.auth, { conversation_id: conv.id, upload_id: up.upload_id })).status).toBe(409);
  });

  it('a voice note: its file is removed', async () => {
    const { farmer, conv } = await chat();
    const up = await uploadVoice(farmer.auth);
    const m = (await send(farmer.auth, { conversation_id: conv.id, upload_id: up.upload_id })).body.data;
    expect((await remove(farmer.auth, m.id)).status).toBe(200);
    expect(await isStored(t, up.path)).toBe(false);
  });

  it('the other participant and strangers get 403; an unknown id 404', async () => {
    const { farmer, owner, conv } = await chat();
    const stranger = await t.make.loginAs('farmer');
    const m = (await send(farmer.auth, { conversation_id: conv.id, message: 'رسالة' })).body.data;
    for (const who of [owner, stranger]) {
      const res = await remove(who.auth, m.id);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    for (const id of ['999999', 'abc', '0', '-1']) {
      const res = await remove(farmer.auth, id);
      expect(res.status, id).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    const row = await t.db.selectFrom('messages').selectAll().where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();
  });

  it('after 15 minutes the author gets 403; the admin may still delete', async () => {
    const { farmer, conv } = await chat();
    const admin = await t.make.loginAs('admin');
    const up = await uploadVoice(farmer.auth);
    const m = (await send(farmer.auth, { conversation_id: conv.id, upload_id: up.upload_id })).body.data;
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    await t.db
      .updateTable('messages')
      .set({ created_at: at(14) })
      .where('id', '=', m.id)
      .execute();
    // 14 minutes: still in time — checked without deleting, through a second message
    const m2 = (await send(farmer.auth, { conversation_id: conv.id, message: 'ثانية' })).body.data;
    await t.db
      .updateTable('messages')
      .set({ created_at: at(14) })
      .where('id', '=', m2.id)
      .execute();
    expect((await remove(farmer.auth, m2.id)).status).toBe(200);

    await t.db
      .updateTable('messages')
      .set({ created_at: at(16) })
      .where('id', '=', m.id)
      .execute();
    const late = await remove(farmer.auth, m.id);
    expect(late.status).toBe(403);
    expect(late.body.error).toEqual({
      code: 'forbidden',
      message: 'لا يمكن حذف الرسالة بعد مرور 15 دقيقة على إرسالها',
    });
    expect(await isStored(t, up.path)).toBe(true);
    const byAdmin = await remove(admin.auth, m.id);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data.deleted).toBe(true);
    expect(await isStored(t, up.path)).toBe(false);
  });
});
