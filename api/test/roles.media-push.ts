/**
 * Rows of the role table (roles.table.ts) for CONTRACT.md §7's uploads, attachments and push: every
 * role against upload, message/create {upload_id}, message/delete/{id}, push/key, push/subscribe and
 * push/unsubscribe.
 */
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { images } from './helpers/media';
import type { Actor, RoleCase, RoleName, RoleWorld } from './roles.table';

const all = (status: number): Record<RoleName, number> => ({
  visitor: status,
  farmer: status,
  store: status,
  disabledStore: status,
  nursery: status,
  admin: status,
});
const signedIn = (status = 200): Record<RoleName, number> => ({ ...all(status), visitor: 401 });

const auth = (who: Actor | undefined) => (who ? who.auth : {});

/** The caller's conversation with the other store (a new farmer's for the visitor). */
async function ownConversation(w: RoleWorld, who: Actor | undefined) {
  const senderId = who?.user.id ?? (await w.fresh('farmer')).user.id;
  const found = await w.t.db
    .selectFrom('conversations')
    .selectAll()
    .where('sender_id', '=', senderId)
    .where('store_id', '=', w.other.store.id)
    .executeTakeFirst();
  return found ?? w.t.make.conversation(senderId, w.other.store);
}

/** A message written by `authorId` in a conversation, straight into the database, just now. */
async function messageBy(w: RoleWorld, conversationId: number, authorId: number) {
  return w.t.db
    .insertInto('messages')
    .values({
      conversation_id: conversationId,
      user_id: authorId,
      message: 'رسالة الجدول',
      image: null,
      client_id: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A browser subscription at a real push service's address (nothing is sent in these rows). */
const subscription = () => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`,
  keys: {
    p256dh: Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  },
});

export const mediaPushRoleCases: RoleCase[] = [
  {
    call: 'POST upload',
    expect: signedIn(),
    send: async (w, who) =>
      request(w.t.app)
        .post('/api/upload')
        .set(auth(who))
        .attach('file', await images.png(), 'photo.png'),
  },
  {
    call: "POST message/create {upload_id} (someone else's upload)",
    expect: signedIn(403),
    send: async (w, who) => {
      const conv = await ownConversation(w, who);
      const uploader = await w.fresh('farmer');
      const up = await request(w.t.app)
        .post('/api/upload')
        .set(uploader.auth)
        .attach('file', await images.png(), 'p.png');
      return request(w.t.app)
        .post('/api/message/create')
        .set(auth(who))
        .send({ conversation_id: conv.id, upload_id: up.body.data.upload_id });
    },
  },
  {
    call: 'POST message/delete/{id} (own message, just sent)',
    expect: signedIn(),
    send: async (w, who) => {
      const conv = await ownConversation(w, who);
      const m = await messageBy(w, conv.id, who?.user.id ?? conv.sender_id);
      return request(w.t.app).post(`/api/message/delete/${m.id}`).set(auth(who));
    },
  },
  {
    call: "POST message/delete/{id} (someone else's message)",
    expect: { ...signedIn(403), admin: 200 },
    send: async (w, who) => {
      const farmer = await w.fresh('farmer');
      const conv = await w.t.make.conversation(farmer.user.id, w.other.store);
      const m = await messageBy(w, conv.id, farmer.user.id);
      return request(w.t.app).post(`/api/message/delete/${m.id}`).set(auth(who));
    },
  },
  {
    call: 'GET push/key',
    expect: all(200),
    send: (w, who) => request(w.t.app).get('/api/push/key').set(auth(who)),
  },
  {
    call: 'POST push/subscribe',
    expect: signedIn(),
    send: (w, who) => request(w.t.app).post('/api/push/subscribe').set(auth(who)).send(subscription()),
  },
  {
    call: 'POST push/unsubscribe',
    expect: signedIn(),
    send: (w, who) =>
      request(w.t.app).post('/api/push/unsubscribe').set(auth(who)).send({ endpoint: subscription().endpoint }),
  },
];
