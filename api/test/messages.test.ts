import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { isStored, storedNames } from './helpers/stored';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 160, b: 60 } } })
    .png()
    .toBuffer();

async function chat() {
  const farmer = await t.make.loginAs('farmer');
  const owner = await t.make.loginAs('store');
  const conv = await t.make.conversation(farmer.user.id, owner.store!);
  return { farmer, owner, conv };
}

const create = (auth: { Authorization: string }, body: Record<string, unknown>) =>
  request(t.app).post('/api/message/create').set(auth).send(body);

const messageFiles = () => storedNames(t, 'messages');

describe('message/create', () => {
  it('requires authentication', async () => {
    const { conv } = await chat();
    const res = await request(t.app).post('/api/message/create').send({ conversation_id: conv.id, message: 'مرحبا' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 401, error: { code: 'unauthenticated', message: 'يجب تسجيل الدخول أولاً' } });
  });

  it('writes a text message and moves the conversation and the sender’s read marker', async () => {
    const { farmer, owner, conv } = await chat();
    const res = await create(farmer.auth, {
      conversation_id: conv.id,
      user_id: farmer.user.id,
      message: '  هل يتوفر سماد اليوريا؟  ',
      client_id: 'c-1',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      conversation_id: conv.id,
      user_id: farmer.user.id,
      message: 'هل يتوفر سماد اليوريا؟',
      image: null,
      attachment: null,
      deleted: false,
      client_id: 'c-1',
      card: null,
      auto: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    const row = await t.db.selectFrom('conversations').selectAll().where('id', '=', conv.id).executeTakeFirstOrThrow();
    expect(row.last_message_id).toBe(res.body.data.id);
    expect(row.sender_last_read_id).toBe(res.body.data.id);
    expect(row.receiver_last_read_id).toBe(0);
    expect(new Date(row.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(row.created_at).getTime());

    // the store replies without having read the farmer's message: its pointers stay (replying is not
    // reading), the farmer's stay below the reply
    const reply = await create(owner.auth, { conversation_id: conv.id, message: 'نعم' });
    expect(reply.body.data).toMatchObject({ user_id: owner.user.id, client_id: null });
    const after = await t.db
      .selectFrom('conversations')
      .selectAll()
      .where('id', '=', conv.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      last_message_id: reply.body.data.id,
      receiver_last_read_id: 0,
      receiver_last_delivered_id: 0,
      sender_last_read_id: res.body.data.id,
    });
    // once it has read the farmer's message, its next reply moves its pointers over its own messages
    await request(t.app)
      .post(`/api/conversation/update/${conv.id}`)
      .set(owner.auth)
      .send({ last_read_message_id: res.body.data.id });
    const next = await create(owner.auth, { conversation_id: conv.id, message: 'بالتأكيد' });
    const moved = await t.db
      .selectFrom('conversations')
      .selectAll()
      .where('id', '=', conv.id)
      .executeTakeFirstOrThrow();
    expect(moved).toMatchObject({
      receiver_last_read_id: next.body.data.id,
      receiver_last_delivered_id: next.body.data.id,
    });
  });

  it('a reply delivered late (written offline) does not move the author past messages they never received', async () => {
    const { farmer, owner, conv } = await chat();
    const pointers = () =>
      t.db.selectFrom('conversations').selectAll().where('id', '=', conv.id).executeTakeFirstOrThrow();
    const myConv = async (who: { Authorization: string }) =>
      (await request(t.app).get('/api/conversation/get-My-Conv').set(who)).body.data.find(
        (c: { id: number }) => c.id === conv.id,
      );
    // the farmer asks, the store answers and the farmer reads it
    const q = (await create(farmer.auth, { conversation_id: conv.id, message: 'سؤال' })).body.data.id;
    const a = (await create(owner.auth, { conversation_id: conv.id, message: 'جواب' })).body.data.id;
    await request(t.app).post(`/api/conversation/update/${conv.id}`).set(farmer.auth).send({ last_read_message_id: a });
    expect(await pointers()).toMatchObject({ sender_last_read_id: a, sender_last_delivered_id: a });
    // offline, the farmer writes R; meanwhile the store sends S1, S2; then the outbox delivers R
    const s1 = (await create(owner.auth, { conversation_id: conv.id, message: 'S1' })).body.data.id;
    const s2 = (await create(owner.auth, { conversation_id: conv.id, message: 'S2' })).body.data.id;
    const r = (await create(farmer.auth, { conversation_id: conv.id, message: 'R', client_id: 'offline-r' })).body.data
      .id;
    expect(r).toBeGreaterThan(s2);
    expect(q).toBeLessThan(a);
    const row = await pointers();
    expect(row).toMatchObject({ last_message_id: r, sender_last_read_id: a, sender_last_delivered_id: a });
    // the farmer still has S1 and S2 unread (their own R is not counted); the store, which never read
    // the farmer's question, has it and R unread
    const farmerView = await myConv(farmer.auth);
    expect(farmerView).toMatchObject({ sender_last_read_id: a, unread_count: 2 });
    expect(await myConv(owner.auth)).toMatchObject({ unread_count: 2 });
    // a resend of R (same client_id) changes nothing
    await create(farmer.auth, { conversation_id: conv.id, message: 'R', client_id: 'offline-r' });
    expect(await pointers()).toMatchObject({ sender_last_read_id: a, sender_last_delivered_id: a });
    // S1 and S2 reach the farmer's device, then the farmer reads up to S2: R, their own, is not unread
    await request(t.app)
      .post(`/api/conversation/update/${conv.id}`)
      .set(farmer.auth)
      .send({ last_delivered_message_id: s2 });
    expect(await pointers()).toMatchObject({ sender_last_read_id: a, sender_last_delivered_id: s2 });
    expect(await myConv(farmer.auth)).toMatchObject({ unread_count: 2 });
    await request(t.app)
      .post(`/api/conversation/update/${conv.id}`)
      .set(farmer.auth)
      .send({ last_read_message_id: s2 });
    expect(await myConv(farmer.auth)).toMatchObject({ sender_last_read_id: s2, unread_count: 0 });
    expect(s1).toBeLessThan(s2);
    // the farmer's next message moves both pointers over their own R
    const r2 = (await create(farmer.auth, { conversation_id: conv.id, message: 'R2' })).body.data.id;
    expect(await pointers()).toMatchObject({ sender_last_read_id: r2, sender_last_delivered_id: r2 });
    expect(await myConv(farmer.auth)).toMatchObject({ unread_count: 0 });
    const thread = await request(t.app).get(`/api/conversation/get/${conv.id}`).set(farmer.auth);
    expect(thread.body.data.unread_count).toBe(0);
  });

  it("own messages above the reader's marker count as unread nowhere (lists, stats)", async () => {
    const { farmer, owner, conv } = await chat();
    const q = (await create(farmer.auth, { conversation_id: conv.id, message: 'سؤال' })).body.data.id;
    // the store answers before its read receipt for the question arrives: its marker stays below q
    const a = (await create(owner.auth, { conversation_id: conv.id, message: 'جواب' })).body.data.id;
    const stats = async () => (await request(t.app).get('/api/stats/store').set(owner.auth)).body.data;
    expect((await stats()).unread_conversations).toBe(1);
    await request(t.app).post(`/api/conversation/update/${conv.id}`).set(owner.auth).send({ last_read_message_id: q });
    const row = await t.db.selectFrom('conversations').selectAll().where('id', '=', conv.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ receiver_last_read_id: q, last_message_id: a });
    expect((await stats()).unread_conversations).toBe(0);
    const list = await request(t.app).get('/api/conversation/get-My-Conv').set(owner.auth);
    expect(list.body.data.find((c: { id: number }) => c.id === conv.id).unread_count).toBe(0);
  });

  it('accepts an image (multipart), alone or with text, stored as WebP under messages/', async () => {
    const { farmer, conv } = await chat();
    const alone = await request(t.app)
      .post('/api/message/create')
      .set(farmer.auth)
      .field('conversation_id', String(conv.id))
      .attach('image', await png(), { filename: 'leaf.png', contentType: 'image/png' });
    expect(alone.status).toBe(200);
    expect(alone.body.data.message).toBeNull();
    // a chat image is private: its path carries a signature (attachments.test.ts)
    expect(alone.body.data.image).toMatch(/^messages\/[0-9a-f]+\.webp\?exp=\d+&sig=[\w-]+$/);
    expect(alone.body.data.attachment).toEqual({
      kind: 'image',
      path: alone.body.data.image,
      thumb: expect.stringMatching(/^messages\/[0-9a-f]+\.thumb\.webp\?exp=/),
      width: 64,
      height: 48,
    });
    expect(await isStored(t, alone.body.data.image)).toBe(true);
    const both = await request(t.app)
      .post('/api/message/create')
      .set(farmer.auth)
      .field('conversation_id', String(conv.id))
      .field('message', 'انظر إلى الورقة')
      .attach('image', await png(), { filename: 'leaf.png', contentType: 'image/png' });
    expect(both.body.data).toMatchObject({ message: 'انظر إلى الورقة', image: expect.stringMatching(/^messages\//) });
    const notImage = await request(t.app)
      .post('/api/message/create')
      .set(farmer.auth)
      .field('conversation_id', String(conv.id))
      .attach('image', Buffer.from('not an image at all'), { filename: 'x.png', contentType: 'image/png' });
    expect(notImage.status).toBe(422);
    expect(notImage.body.error.fields).toHaveProperty('image');
  });

  it('is 422 with neither text nor image, and for bad fields', async () => {
    const { farmer, conv } = await chat();
    for (const message of [undefined, '', '   ', null]) {
      const res = await create(farmer.auth, { conversation_id: conv.id, message });
      expect(res.status, String(message)).toBe(422);
      expect(res.body.error).toEqual({
        code: 'validation_failed',
        message: 'اكتب رسالة أو أرفق صورة',
        fields: { message: 'اكتب رسالة أو أرفق صورة' },
      });
    }
    const bad = await create(farmer.auth, {
      conversation_id: 'x',
      message: 'ب'.repeat(4001),
      client_id: 'c'.repeat(65),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['client_id', 'conversation_id', 'message']);
    const none = await create(farmer.auth, { message: 'مرحبا' });
    expect(none.body.error.fields.conversation_id).toBe('هذا الحقل مطلوب');
  });

  it('is 403 for non-participants (the admin too) and for a user_id that is not the caller', async () => {
    const { farmer, owner, conv } = await chat();
    for (const role of ['farmer', 'store', 'admin'] as const) {
      const who = await t.make.loginAs(role);
      const res = await create(who.auth, { conversation_id: conv.id, message: 'تطفل' });
      expect(res.status, role).toBe(403);
    }
    const asOther = await create(farmer.auth, { conversation_id: conv.id, user_id: owner.user.id, message: 'انتحال' });
    expect(asOther.status).toBe(403);
    expect(asOther.body.error.message).toBe('لا يمكنك الكتابة باسم مستخدم آخر');
    const count = await t.db.selectFrom('messages').select('id').where('conversation_id', '=', conv.id).execute();
    expect(count).toEqual([]);
  });

  it('is 404 for a conversation that does not exist', async () => {
    const farmer = await t.make.loginAs('farmer');
    const res = await create(farmer.auth, { conversation_id: 999999, message: 'مرحبا' });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('العنصر غير موجود');
    // beyond the integer column: an invalid id (422 with the field), not a database error
    const huge = await create(farmer.auth, { conversation_id: 3e9, message: 'مرحبا' });
    expect(huge.status).toBe(422);
    expect(huge.body.error.fields.conversation_id).toBe('معرّف غير صالح');
  });

  describe('idempotency by client_id', () => {
    it('returns the first message for the same client_id, without a duplicate row', async () => {
      const { farmer, conv } = await chat();
      const first = await create(farmer.auth, { conversation_id: conv.id, message: 'الأولى', client_id: 'same' });
      const again = await create(farmer.auth, { conversation_id: conv.id, message: 'الثانية', client_id: 'same' });
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(first.body.data);
      const rows = await t.db.selectFrom('messages').selectAll().where('conversation_id', '=', conv.id).execute();
      expect(rows.map((r) => r.message)).toEqual(['الأولى']);
    });

    it('keeps one message under concurrent duplicates, also with images (no orphan files)', async () => {
      const { farmer, conv } = await chat();
      const texts = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          create(farmer.auth, { conversation_id: conv.id, message: `نسخة ${i}`, client_id: 'burst' }),
        ),
      );
      expect(texts.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(texts.map((r) => r.body.data.id)).size).toBe(1);

      const before = (await messageFiles()).length;
      const image = await png();
      const photos = await Promise.all(
        Array.from({ length: 4 }, () =>
          request(t.app)
            .post('/api/message/create')
            .set(farmer.auth)
            .field('conversation_id', String(conv.id))
            .field('client_id', 'photo-burst')
            .attach('image', image, { filename: 'p.png', contentType: 'image/png' }),
        ),
      );
      expect(photos.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(photos.map((r) => r.body.data.id)).size).toBe(1);
      // one stored image and its thumbnail
      expect((await messageFiles()).length - before).toBe(2);
      const rows = await t.db.selectFrom('messages').select('id').where('conversation_id', '=', conv.id).execute();
      expect(rows).toHaveLength(2);
    });

    it('scopes client_id per user: the other participant may reuse the same value', async () => {
      const { farmer, owner, conv } = await chat();
      const a = await create(farmer.auth, { conversation_id: conv.id, message: 'أ', client_id: 'shared' });
      const b = await create(owner.auth, { conversation_id: conv.id, message: 'ب', client_id: 'shared' });
      expect(b.body.data.id).not.toBe(a.body.data.id);
      expect(b.body.data.user_id).toBe(owner.user.id);
    });
  });
});
