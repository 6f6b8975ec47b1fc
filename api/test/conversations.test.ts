import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/time';
import { findOrCreateConversation } from '../src/services/conversations';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

/** A farmer, a store account with its store, and their conversation. */
async function chat() {
  const farmer = await t.make.loginAs('farmer');
  const owner = await t.make.loginAs('store');
  const conv = await t.make.conversation(farmer.user.id, owner.store!);
  return { farmer, owner, store: owner.store!, conv };
}

const send = (auth: { Authorization: string }, conversation_id: number, message: string, client_id?: string) =>
  request(t.app).post('/api/message/create').set(auth).send({ conversation_id, message, client_id });

describe('conversations', () => {
  it('requires authentication for every call', async () => {
    const { conv } = await chat();
    const calls = [
      request(t.app).get('/api/conversation/getAll'),
      request(t.app).get('/api/conversation/get-My-Conv'),
      request(t.app).get(`/api/conversation/get/${conv.id}`),
      request(t.app).post('/api/conversation/create').send({ store_id: conv.store_id }),
      request(t.app).post(`/api/conversation/update/${conv.id}`).send({ last_read_message_id: 1 }),
      request(t.app).post(`/api/conversation/delete/${conv.id}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 401, error: { code: 'unauthenticated', message: 'يجب تسجيل الدخول أولاً' } });
    }
    const bad = await request(t.app).get('/api/conversation/get-My-Conv').set({ Authorization: 'Bearer nope' });
    expect(bad.status).toBe(401);
  });

  describe('create', () => {
    it('starts a conversation with the store owner as receiver, and returns the same one again', async () => {
      const farmer = await t.make.loginAs('farmer');
      const owner = await t.make.loginAs('store');
      const store = owner.store!;
      const body = { sender_id: farmer.user.id, receiver_id: owner.user.id, store_id: store.id };
      const first = await request(t.app).post('/api/conversation/create').set(farmer.auth).send(body);
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({
        sender: { id: farmer.user.id, name: farmer.user.name },
        receiver: { id: owner.user.id, name: owner.user.name },
        store_id: store.id,
        store: { id: store.id, name_store: store.name_store, image: null },
        last_message: null,
        unread_count: 0,
        sender_last_read_id: 0,
        receiver_last_read_id: 0,
      });
      expect(first.body.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      const again = await request(t.app).post('/api/conversation/create').set(farmer.auth).send({ store_id: store.id });
      expect(again.body.data.id).toBe(first.body.data.id);
      const rows = await t.db.selectFrom('conversations').selectAll().where('store_id', '=', store.id).execute();
      expect(rows).toHaveLength(1);
    });

    it('creates one conversation under concurrent duplicate starts', async () => {
      const farmer = await t.make.loginAs('farmer');
      const owner = await t.make.loginAs('store');
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          request(t.app).post('/api/conversation/create').set(farmer.auth).send({ store_id: owner.store!.id }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
      const n = await t.db.selectFrom('conversations').select('id').where('store_id', '=', owner.store!.id).execute();
      expect(n).toHaveLength(1);
    });

    it('settles racing starts on the unique constraint (straight to the service, past the look-up)', async () => {
      const farmer = await t.make.loginAs('farmer');
      const owner = await t.make.loginAs('store');
      const store = owner.store!;
      const ids = await Promise.all(
        Array.from({ length: 4 }, () => findOrCreateConversation(t.db, farmer.user.id, store)),
      );
      expect(new Set(ids).size).toBe(1);
    });

    it('is 403 when sender_id is someone else (the admin may start one for a user)', async () => {
      const farmer = await t.make.loginAs('farmer');
      const other = await t.make.loginAs('farmer');
      const owner = await t.make.loginAs('store');
      const res = await request(t.app)
        .post('/api/conversation/create')
        .set(farmer.auth)
        .send({ sender_id: other.user.id, store_id: owner.store!.id });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe('لا يمكنك الكتابة باسم مستخدم آخر');
      const admin = await t.make.loginAs('admin');
      const forUser = await request(t.app)
        .post('/api/conversation/create')
        .set(admin.auth)
        .send({ sender_id: other.user.id, store_id: owner.store!.id });
      expect(forUser.status).toBe(200);
      expect(forUser.body.data.sender.id).toBe(other.user.id);
      const ghost = await request(t.app)
        .post('/api/conversation/create')
        .set(admin.auth)
        .send({ sender_id: 999999, store_id: owner.store!.id });
      expect(ghost.status).toBe(422);
      expect(ghost.body.error.fields).toHaveProperty('sender_id');
    });

    it('is 422 for a receiver that is not the store owner, for your own store and for bad input', async () => {
      const farmer = await t.make.loginAs('farmer');
      const owner = await t.make.loginAs('store');
      const wrong = await request(t.app)
        .post('/api/conversation/create')
        .set(farmer.auth)
        .send({ receiver_id: farmer.user.id, store_id: owner.store!.id });
      expect(wrong.status).toBe(422);
      expect(wrong.body.error.fields).toHaveProperty('receiver_id');
      const self = await request(t.app)
        .post('/api/conversation/create')
        .set(owner.auth)
        .send({ store_id: owner.store!.id });
      expect(self.status).toBe(422);
      expect(self.body.error).toEqual({
        code: 'validation_failed',
        message: 'لا يمكنك مراسلة متجرك',
        fields: { store_id: 'لا يمكنك مراسلة متجرك' },
      });
      const missing = await request(t.app).post('/api/conversation/create').set(farmer.auth).send({});
      expect(missing.status).toBe(422);
      expect(missing.body.error.fields.store_id).toBe('هذا الحقل مطلوب');
      const garbage = await request(t.app)
        .post('/api/conversation/create')
        .set(farmer.auth)
        .send({ store_id: 'abc', sender_id: -3 });
      expect(garbage.status).toBe(422);
      expect(Object.keys(garbage.body.error.fields).sort()).toEqual(['sender_id', 'store_id']);
    });

    it('is 404 for a store that does not exist', async () => {
      const farmer = await t.make.loginAs('farmer');
      const res = await request(t.app).post('/api/conversation/create').set(farmer.auth).send({ store_id: 999999 });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('العنصر غير موجود');
      // beyond the integer column: an invalid id (422 with the field), not a database error
      const huge = await request(t.app).post('/api/conversation/create').set(farmer.auth).send({ store_id: 3e9 });
      expect(huge.status).toBe(422);
      expect(huge.body.error.fields.store_id).toBe('معرّف غير صالح');
      const admin = await t.make.loginAs('admin');
      const owner = await t.make.loginAs('store');
      const ghost = await request(t.app)
        .post('/api/conversation/create')
        .set(admin.auth)
        .send({ sender_id: 3e9, store_id: owner.store!.id });
      expect(ghost.status).toBe(422);
    });
  });

  describe('get/{id}', () => {
    it('shows participants and the admin the conversation with its messages, oldest first', async () => {
      const { farmer, owner, conv } = await chat();
      const a = await send(farmer.auth, conv.id, 'السلام عليكم');
      const b = await send(owner.auth, conv.id, 'وعليكم السلام');
      for (const who of [farmer, owner, await t.make.loginAs('admin')]) {
        const res = await request(t.app).get(`/api/conversation/get/${conv.id}`).set(who.auth);
        expect(res.status).toBe(200);
        expect(res.body.data.messages.map((m: { id: number }) => m.id)).toEqual([a.body.data.id, b.body.data.id]);
        expect(res.body.data.has_more).toBe(false);
        expect(res.body.data.last_message).toEqual(b.body.data);
      }
      // each participant sees their own unread count (the store replied without reading: replying is
      // not reading, and its own reply never counts); the admin (not a participant) 0
      const unread = async (who: { auth: { Authorization: string } }) =>
        (await request(t.app).get(`/api/conversation/get/${conv.id}`).set(who.auth)).body.data.unread_count;
      expect(await unread(farmer)).toBe(1);
      expect(await unread(owner)).toBe(1);
      expect(await unread(await t.make.loginAs('admin'))).toBe(0);
    });

    it('is 403 for someone else and 404 for a missing or malformed id', async () => {
      const { conv } = await chat();
      const stranger = await t.make.loginAs('farmer');
      const otherStore = await t.make.loginAs('store');
      for (const who of [stranger, otherStore]) {
        const res = await request(t.app).get(`/api/conversation/get/${conv.id}`).set(who.auth);
        expect(res.status).toBe(403);
        expect(res.body.error.message).toBe('ليس لديك صلاحية للقيام بهذا الإجراء');
      }
      for (const id of ['999999', 'abc', '0', '-1']) {
        expect((await request(t.app).get(`/api/conversation/get/${id}`).set(stranger.auth)).status, id).toBe(404);
      }
    });

    it('pages: the latest 50 with has_more, before_id for older ones, after_id for re-sync', async () => {
      const { farmer, owner, conv } = await chat();
      const now = nowIso();
      const ids: number[] = [];
      for (let i = 1; i <= 120; i++) {
        const row = await t.db
          .insertInto('messages')
          .values({
            conversation_id: conv.id,
            user_id: i % 2 ? farmer.user.id : owner.user.id,
            message: `رسالة ${i}`,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(row.id);
      }
      await t.db.updateTable('conversations').set({ last_message_id: ids[119] }).where('id', '=', conv.id).execute();
      const get = (q: string) => request(t.app).get(`/api/conversation/get/${conv.id}${q}`).set(farmer.auth);
      const latest = await get('');
      expect(latest.body.data.messages.map((m: { id: number }) => m.id)).toEqual(ids.slice(70));
      expect(latest.body.data.has_more).toBe(true);
      const older = await get(`?before_id=${ids[70]}`);
      expect(older.body.data.messages.map((m: { id: number }) => m.id)).toEqual(ids.slice(20, 70));
      expect(older.body.data.has_more).toBe(true);
      const oldest = await get(`?before_id=${ids[20]}`);
      expect(oldest.body.data.messages.map((m: { id: number }) => m.id)).toEqual(ids.slice(0, 20));
      expect(oldest.body.data.has_more).toBe(false);
      const newer = await get(`?after_id=${ids[9]}`);
      expect(newer.body.data.messages.map((m: { id: number }) => m.id)).toEqual(ids.slice(10));
      expect(newer.body.data.has_more).toBe(false);
      const none = await get(`?after_id=${ids[119]}`);
      expect(none.body.data.messages).toEqual([]);
      expect(none.body.data.sender.id).toBe(farmer.user.id);
      const bad = await get('?after_id=abc');
      expect(bad.status).toBe(422);
      expect(bad.body.error.fields).toHaveProperty('after_id');
    });

    it('caps an after_id re-sync at 500 messages and says more remain', async () => {
      const { farmer, conv } = await chat();
      const now = nowIso();
      await t.db
        .insertInto('messages')
        .values(
          Array.from({ length: 501 }, (_, i) => ({
            conversation_id: conv.id,
            user_id: farmer.user.id,
            message: `م${i}`,
            created_at: now,
          })),
        )
        .execute();
      const res = await request(t.app).get(`/api/conversation/get/${conv.id}?after_id=0`).set(farmer.auth);
      expect(res.body.data.messages).toHaveLength(500);
      expect(res.body.data.has_more).toBe(true);
      const ids = res.body.data.messages.map((m: { id: number }) => m.id);
      expect(ids).toEqual([...ids].sort((x: number, y: number) => x - y));
    });
    it('an after_id re-sync lists the messages at or before it deleted since it was written', async () => {
      const { farmer, owner, conv } = await chat();
      const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
      const add = async (createdMinutesAgo: number, deletedMinutesAgo: number | null) => {
        const row = await t.db
          .insertInto('messages')
          .values({
            conversation_id: conv.id,
            user_id: farmer.user.id,
            message: deletedMinutesAgo === null ? 'باقية' : null,
            created_at: ago(createdMinutesAgo),
            deleted_at: deletedMinutesAgo === null ? null : ago(deletedMinutesAgo),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      };
      const deletedLongAgo = await add(180, 150); // before the client's newest was written: it knew
      const deletedSince = await add(180, 5); // after: missed by a client that was away
      const kept = await add(170, null);
      const anchor = await add(10, null); // the newest message the client holds
      const deletedNewer = await add(4, 1); // newer than after_id: comes in `messages`, marked deleted
      await t.db
        .updateTable('conversations')
        .set({ last_message_id: deletedNewer })
        .where('id', '=', conv.id)
        .execute();
      const get = (q: string, who = farmer) => request(t.app).get(`/api/conversation/get/${conv.id}${q}`).set(who.auth);

      for (const who of [farmer, owner]) {
        const res = await get(`?after_id=${anchor}`, who);
        expect(res.status).toBe(200);
        expect(res.body.data.deleted_ids).toEqual([deletedSince]);
        expect(res.body.data.messages.map((m: { id: number; deleted: boolean }) => [m.id, m.deleted])).toEqual([
          [deletedNewer, true],
        ]);
      }
      // A deletion through the API is seen the same way.
      await t.db
        .updateTable('messages')
        .set({ created_at: ago(1) })
        .where('id', '=', kept)
        .execute();
      const del = await request(t.app).post(`/api/message/delete/${kept}`).set(farmer.auth).send({});
      expect(del.status).toBe(200);
      expect((await get(`?after_id=${anchor}`)).body.data.deleted_ids).toEqual([kept, deletedSince]);
      // An id that is not this conversation's message: every deletion at or before it.
      const other = await chat();
      const foreign = await t.db
        .insertInto('messages')
        .values({ conversation_id: other.conv.id, user_id: other.farmer.user.id, message: 'غريبة', created_at: ago(0) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const byId = (a: number, b: number) => a - b;
      expect([...(await get(`?after_id=${foreign.id}`)).body.data.deleted_ids].sort(byId)).toEqual(
        [deletedLongAgo, deletedSince, kept, deletedNewer].sort(byId),
      );
      // Only a re-sync carries it; after_id=0 has nothing at or before it.
      expect((await get('')).body.data).not.toHaveProperty('deleted_ids');
      expect((await get(`?before_id=${anchor}`)).body.data).not.toHaveProperty('deleted_ids');
      expect((await get('?after_id=0')).body.data.deleted_ids).toEqual([]);
    });
  });

  describe('get-My-Conv and read markers', () => {
    it("lists the caller's conversations as sender or receiver, newest activity first, with unread counts", async () => {
      const farmer = await t.make.loginAs('farmer');
      const ownerA = await t.make.loginAs('store');
      const ownerB = await t.make.loginAs('nursery');
      const a = await t.make.conversation(farmer.user.id, ownerA.store!);
      const b = await t.make.conversation(farmer.user.id, ownerB.store!);
      await send(ownerA.auth, a.id, 'أهلاً');
      await send(ownerA.auth, a.id, 'كيف أساعدك؟');
      await send(ownerB.auth, b.id, 'مرحباً');
      const mine = await request(t.app).get('/api/conversation/get-My-Conv').set(farmer.auth);
      expect(mine.status).toBe(200);
      expect(mine.body.data.map((c: { id: number }) => c.id)).toEqual([b.id, a.id]);
      expect(mine.body.data.map((c: { unread_count: number }) => c.unread_count)).toEqual([1, 2]);
      expect(mine.body.data[1].last_message.message).toBe('كيف أساعدك؟');

      // replying moves the conversation to the top; it is not reading: the store's two messages stay
      // unread and the farmer's own reply does not count
      await send(farmer.auth, a.id, 'شكراً');
      const after = await request(t.app).get('/api/conversation/get-My-Conv').set(farmer.auth);
      expect(after.body.data.map((c: { id: number }) => c.id)).toEqual([a.id, b.id]);
      expect(after.body.data[0].unread_count).toBe(2);
      await request(t.app)
        .post(`/api/conversation/update/${a.id}`)
        .set(farmer.auth)
        .send({ last_read_message_id: mine.body.data[1].last_message.id });
      const read = await request(t.app).get('/api/conversation/get-My-Conv').set(farmer.auth);
      expect(read.body.data[0].unread_count).toBe(0);

      const storeSide = await request(t.app).get('/api/conversation/get-My-Conv').set(ownerA.auth);
      expect(storeSide.body.data).toHaveLength(1);
      expect(storeSide.body.data[0]).toMatchObject({ id: a.id, unread_count: 1 });
      const stranger = await t.make.loginAs('farmer');
      expect((await request(t.app).get('/api/conversation/get-My-Conv').set(stranger.auth)).body.data).toEqual([]);
    });

    it('moves only the caller’s read marker, forward only and never past the last message', async () => {
      const { farmer, owner, conv } = await chat();
      const m1 = (await send(owner.auth, conv.id, 'واحد')).body.data.id;
      const m2 = (await send(owner.auth, conv.id, 'اثنان')).body.data.id;
      const m3 = (await send(owner.auth, conv.id, 'ثلاثة')).body.data.id;
      const read = (id: number) =>
        request(t.app).post(`/api/conversation/update/${conv.id}`).set(farmer.auth).send({ last_read_message_id: id });
      const r2 = await read(m2);
      expect(r2.status).toBe(200);
      expect(r2.body.data).toMatchObject({ sender_last_read_id: m2, receiver_last_read_id: m3, unread_count: 1 });
      const back = await read(m1);
      expect(back.body.data).toMatchObject({ sender_last_read_id: m2, unread_count: 1 });
      const beyond = await read(m3 + 1000);
      expect(beyond.body.data).toMatchObject({ sender_last_read_id: m3, unread_count: 0 });
      const later = (await send(owner.auth, conv.id, 'أربعة')).body.data.id;
      const mine = await request(t.app).get('/api/conversation/get-My-Conv').set(farmer.auth);
      expect(mine.body.data.find((c: { id: number }) => c.id === conv.id).unread_count).toBe(1);
      expect(later).toBeGreaterThan(m3);
    });

    it('is 403 for non-participants (the admin too), 422 for a bad marker, 404 for a missing conversation', async () => {
      const { farmer, conv } = await chat();
      for (const role of ['farmer', 'store', 'admin'] as const) {
        const who = await t.make.loginAs(role);
        const res = await request(t.app)
          .post(`/api/conversation/update/${conv.id}`)
          .set(who.auth)
          .send({ last_read_message_id: 1 });
        expect(res.status, role).toBe(403);
      }
      for (const value of [-1, 'abc', 1.5, undefined]) {
        const res = await request(t.app)
          .post(`/api/conversation/update/${conv.id}`)
          .set(farmer.auth)
          .send({ last_read_message_id: value });
        expect(res.status, String(value)).toBe(422);
        expect(res.body.error.fields).toHaveProperty('last_read_message_id');
      }
      const missing = await request(t.app)
        .post('/api/conversation/update/999999')
        .set(farmer.auth)
        .send({ last_read_message_id: 1 });
      expect(missing.status).toBe(404);
    });
  });

  describe('delivered pointers', () => {
    const update = (auth: { Authorization: string }, id: number, body: Record<string, unknown>) =>
      request(t.app).post(`/api/conversation/update/${id}`).set(auth).send(body);

    it('moves the caller’s delivered pointer forward only, never past the last message', async () => {
      const { farmer, owner, conv } = await chat();
      const m1 = (await send(owner.auth, conv.id, 'واحد')).body.data.id;
      const m2 = (await send(owner.auth, conv.id, 'اثنان')).body.data.id;
      const r = await update(farmer.auth, conv.id, { last_delivered_message_id: m2 });
      expect(r.status).toBe(200);
      // the author's own pointers follow their message; the farmer has it delivered, not read
      expect(r.body.data).toMatchObject({
        sender_last_delivered_id: m2,
        sender_last_read_id: 0,
        receiver_last_delivered_id: m2,
        receiver_last_read_id: m2,
        unread_count: 2,
      });
      const back = await update(farmer.auth, conv.id, { last_delivered_message_id: m1 });
      expect(back.body.data).toMatchObject({ sender_last_delivered_id: m2 });
      const beyond = await update(farmer.auth, conv.id, { last_delivered_message_id: m2 + 1000 });
      expect(beyond.body.data).toMatchObject({ sender_last_delivered_id: m2 });
    });

    it('read implies delivered; both pointers in one call', async () => {
      const { farmer, owner, conv } = await chat();
      const m1 = (await send(owner.auth, conv.id, 'واحد')).body.data.id;
      const m2 = (await send(owner.auth, conv.id, 'اثنان')).body.data.id;
      const read = await update(farmer.auth, conv.id, { last_read_message_id: m1 });
      expect(read.body.data).toMatchObject({ sender_last_read_id: m1, sender_last_delivered_id: m1 });
      const both = await update(farmer.auth, conv.id, { last_read_message_id: m1, last_delivered_message_id: m2 });
      expect(both.body.data).toMatchObject({ sender_last_read_id: m1, sender_last_delivered_id: m2, unread_count: 1 });
      // a read pointer above the delivered one lifts it
      const m3 = (await send(owner.auth, conv.id, 'ثلاثة')).body.data.id;
      const lift = await update(farmer.auth, conv.id, { last_read_message_id: m3, last_delivered_message_id: m1 });
      expect(lift.body.data).toMatchObject({ sender_last_read_id: m3, sender_last_delivered_id: m3 });
    });

    it('get/{id} by a participant marks what it returns as delivered; the admin’s does not', async () => {
      const { farmer, owner, conv } = await chat();
      const m1 = (await send(owner.auth, conv.id, 'واحد')).body.data.id;
      const admin = await t.make.loginAs('admin');
      const watched = await request(t.app).get(`/api/conversation/get/${conv.id}`).set(admin.auth);
      expect(watched.body.data).toMatchObject({ sender_last_delivered_id: 0 });
      // before_id=1 returns no message: nothing delivered
      const none = await request(t.app).get(`/api/conversation/get/${conv.id}?before_id=1`).set(farmer.auth);
      expect(none.body.data).toMatchObject({ sender_last_delivered_id: 0, sender_last_read_id: 0 });
      const opened = await request(t.app).get(`/api/conversation/get/${conv.id}`).set(farmer.auth);
      expect(opened.status).toBe(200);
      expect(opened.body.data).toMatchObject({
        sender_last_delivered_id: m1,
        sender_last_read_id: 0,
        receiver_last_delivered_id: m1,
        unread_count: 1,
      });
      const m2 = (await send(owner.auth, conv.id, 'اثنان')).body.data.id;
      const resync = await request(t.app).get(`/api/conversation/get/${conv.id}?after_id=${m1}`).set(farmer.auth);
      expect(resync.body.data.messages.map((m: { id: number }) => m.id)).toEqual([m2]);
      expect(resync.body.data).toMatchObject({ sender_last_delivered_id: m2 });
      // the store owner sees the farmer's pointers
      const storeSide = await request(t.app).get('/api/conversation/get-My-Conv').set(owner.auth);
      expect(storeSide.body.data.find((c: { id: number }) => c.id === conv.id)).toMatchObject({
        sender_last_delivered_id: m2,
        sender_last_read_id: 0,
      });
    });

    it('is 422 without a pointer or with a bad one, 403 for non-participants, 404 for a missing conversation', async () => {
      const { farmer, conv } = await chat();
      const empty = await update(farmer.auth, conv.id, {});
      expect(empty.status).toBe(422);
      expect(empty.body.error.fields).toHaveProperty('last_read_message_id');
      for (const value of [-1, 'abc', 1.5]) {
        const res = await update(farmer.auth, conv.id, { last_delivered_message_id: value });
        expect(res.status, String(value)).toBe(422);
        expect(res.body.error.fields).toHaveProperty('last_delivered_message_id');
      }
      for (const role of ['farmer', 'store', 'admin'] as const) {
        const who = await t.make.loginAs(role);
        expect((await update(who.auth, conv.id, { last_delivered_message_id: 1 })).status, role).toBe(403);
      }
      expect((await update(farmer.auth, 999999, { last_delivered_message_id: 1 })).status).toBe(404);
    });
  });

  describe('admin list and delete', () => {
    it('pages every conversation for the admin, newest activity first', async () => {
      const admin = await t.make.loginAs('admin');
      const { farmer, conv } = await chat();
      await send(farmer.auth, conv.id, 'آخر نشاط');
      const res = await request(t.app).get('/api/conversation/getAll?page_number=1').set(admin.auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ current_page: 1, per_page: 12 });
      expect(res.body.data.total).toBeGreaterThanOrEqual(1);
      expect(res.body.data.data[0]).toMatchObject({ id: conv.id, unread_count: 0 });
      expect((await request(t.app).get('/api/conversation/getAll?page_number=x').set(admin.auth)).status).toBe(422);
      for (const role of ['farmer', 'store'] as const) {
        const who = await t.make.loginAs(role);
        expect((await request(t.app).get('/api/conversation/getAll').set(who.auth)).status, role).toBe(403);
      }
    });

    it('deletes a conversation with its messages (admin only), 404 afterwards', async () => {
      const admin = await t.make.loginAs('admin');
      const { farmer, owner, conv } = await chat();
      await send(farmer.auth, conv.id, 'ستحذف');
      for (const who of [farmer, owner]) {
        expect((await request(t.app).post(`/api/conversation/delete/${conv.id}`).set(who.auth)).status).toBe(403);
      }
      const res = await request(t.app).post(`/api/conversation/delete/${conv.id}`).set(admin.auth);
      expect(res.body).toEqual({ status: 200, data: { id: conv.id } });
      const left = await t.db.selectFrom('messages').select('id').where('conversation_id', '=', conv.id).execute();
      expect(left).toEqual([]);
      expect((await request(t.app).post(`/api/conversation/delete/${conv.id}`).set(admin.auth)).status).toBe(404);
      expect((await request(t.app).get(`/api/conversation/get/${conv.id}`).set(farmer.auth)).status).toBe(404);
    });
  });
});
