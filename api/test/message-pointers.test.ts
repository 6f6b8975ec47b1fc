/**
 * The conversation row after a message (services/messages.ts writeMessage: one UPDATE with CASEs):
 * last_message_id / updated_at only forward, the author's read and delivered pointers over the
 * author's own messages only; under concurrent writes and offline replays; and, as a property,
 * the same rows as the three separate UPDATEs it replaced.
 */
import fc from 'fast-check';
import { type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/time';
import type { ConversationRow, ConversationsTable, Database } from '../src/db/types';
import type { Participant } from '../src/services/conversations';
import { writeMessage } from '../src/services/messages';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

async function chat() {
  const farmer = await t.make.loginAs('farmer');
  const owner = await t.make.loginAs('store');
  const conv = await t.make.conversation(farmer.user.id, owner.store!);
  return { farmer, owner, conv };
}

const row = (id: number) => t.db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const setRow = (id: number, values: Updateable<ConversationsTable>) =>
  t.db.updateTable('conversations').set(values).where('id', '=', id).execute();

const write = (conversation: ConversationRow, author: Participant, clientId: string | null = null) =>
  writeMessage(t.db, {
    conversation,
    author,
    userId: author === 'sender' ? conversation.sender_id : conversation.receiver_id,
    text: 'نص',
    image: null,
    clientId,
  }).then((r) => r.message.id);

const OLD = '2020-01-01T00:00:00.000Z';
const iso = (v: string | Date) => new Date(v).toISOString();

describe('the conversation row after a message', () => {
  it("a peer message between a pointer and the new message keeps that pointer; the author's other pointer moves", async () => {
    const { conv } = await chat();
    const f1 = await write(conv, 'sender');
    const s1 = await write(conv, 'receiver');
    // the farmer's device got s1 (delivered) but the farmer has read only up to f1
    await setRow(conv.id, { sender_last_read_id: f1, sender_last_delivered_id: s1, updated_at: OLD });
    const f2 = await write(conv, 'sender');
    const after = await row(conv.id);
    expect(after).toMatchObject({
      last_message_id: f2,
      sender_last_read_id: f1,
      sender_last_delivered_id: f2,
      receiver_last_read_id: 0,
      receiver_last_delivered_id: 0,
    });
    expect(iso(after.updated_at)).not.toBe(OLD);
    // the store has read and received nothing of the farmer's: both its pointers stay
    const s2 = await write(after, 'receiver');
    expect(await row(conv.id)).toMatchObject({
      last_message_id: s2,
      receiver_last_read_id: 0,
      receiver_last_delivered_id: 0,
      sender_last_read_id: f1,
      sender_last_delivered_id: f2,
    });
    // once it has read f2, its next message moves both over its own s2
    await setRow(conv.id, { receiver_last_read_id: f2, receiver_last_delivered_id: f2 });
    const s3 = await write(conv, 'receiver');
    expect(await row(conv.id)).toMatchObject({ receiver_last_read_id: s3, receiver_last_delivered_id: s3 });
  });

  it('last_message_id and updated_at only move forward; a pointer at or above the new message stays', async () => {
    const { conv } = await chat();
    const f1 = await write(conv, 'sender');
    // a later message already recorded (e.g. a concurrent write that committed first)
    const ahead = f1 + 1_000_000;
    await setRow(conv.id, { last_message_id: ahead, updated_at: OLD, sender_last_delivered_id: ahead });
    const f2 = await write(conv, 'sender');
    const after = await row(conv.id);
    expect(after).toMatchObject({ last_message_id: ahead, sender_last_read_id: f2, sender_last_delivered_id: ahead });
    expect(iso(after.updated_at)).toBe(OLD);
    // nothing can move at all: the row stays as it was
    await setRow(conv.id, { sender_last_read_id: ahead });
    const before = await row(conv.id);
    await write(conv, 'sender');
    expect(await row(conv.id)).toEqual(before);
  });

  it('a conversation without messages gets its first one as last message', async () => {
    const { conv } = await chat();
    expect(conv.last_message_id).toBeNull();
    const s1 = await write(conv, 'receiver');
    expect(await row(conv.id)).toMatchObject({
      last_message_id: s1,
      receiver_last_read_id: s1,
      receiver_last_delivered_id: s1,
      sender_last_read_id: 0,
    });
  });

  it('concurrent messages of one author, with replays of one client_id: one row each, pointers at the newest', async () => {
    const { farmer, conv } = await chat();
    const send = (clientId: string) =>
      request(t.app)
        .post('/api/message/create')
        .set(farmer.auth)
        .send({ conversation_id: conv.id, message: 'م', client_id: clientId });
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => send(`c-${i}`)),
      ...Array.from({ length: 4 }, () => send('replayed')),
    ]);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(new Set(answers.slice(8).map((r) => r.body.data.id)).size).toBe(1);
    const ids = (await t.db.selectFrom('messages').select('id').where('conversation_id', '=', conv.id).execute()).map(
      (m) => m.id,
    );
    expect(ids).toHaveLength(9);
    const newest = Math.max(...ids);
    expect(await row(conv.id)).toMatchObject({
      last_message_id: newest,
      sender_last_read_id: newest,
      sender_last_delivered_id: newest,
      receiver_last_read_id: 0,
      receiver_last_delivered_id: 0,
    });
  });

  it('an offline reply replayed concurrently after the peer wrote more: one row, the pointers stay', async () => {
    const { farmer, owner, conv } = await chat();
    const send = (who: { Authorization: string }, body: Record<string, unknown>) =>
      request(t.app)
        .post('/api/message/create')
        .set(who)
        .send({ conversation_id: conv.id, ...body });
    const a = (await send(owner.auth, { message: 'جواب' })).body.data.id;
    await request(t.app).post(`/api/conversation/update/${conv.id}`).set(farmer.auth).send({ last_read_message_id: a });
    const s1 = (await send(owner.auth, { message: 'S1' })).body.data.id;
    const replays = await Promise.all(
      Array.from({ length: 4 }, () => send(farmer.auth, { message: 'R', client_id: 'offline' })),
    );
    expect(new Set(replays.map((r) => r.body.data.id)).size).toBe(1);
    const r = replays[0].body.data.id;
    expect(r).toBeGreaterThan(s1);
    expect(await row(conv.id)).toMatchObject({
      last_message_id: r,
      sender_last_read_id: a,
      sender_last_delivered_id: a,
    });
  });
});

/** The three UPDATEs writeMessage ran before they became one (the reference for the property). */
async function referenceWrite(db: Kysely<Database>, conversation: ConversationRow, author: Participant) {
  const authorId = author === 'sender' ? conversation.sender_id : conversation.receiver_id;
  const now = nowIso();
  await db.transaction().execute(async (trx: Transaction<Database>) => {
    const m = await trx
      .insertInto('messages')
      .values({
        conversation_id: conversation.id,
        user_id: authorId,
        message: 'م',
        image: null,
        client_id: null,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('conversations')
      .set({ last_message_id: m.id, updated_at: now })
      .where('id', '=', conversation.id)
      .where((eb) => eb.or([eb('last_message_id', 'is', null), eb('last_message_id', '<', m.id)]))
      .execute();
    for (const kind of ['read', 'delivered'] as const) {
      const column = `${author}_last_${kind}_id` as const;
      await trx
        .updateTable('conversations')
        .set({ [column]: m.id })
        .where('id', '=', conversation.id)
        .where(column, '<', m.id)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('messages as peer')
                .select(sql<number>`1`.as('one'))
                .where('peer.conversation_id', '=', conversation.id)
                .whereRef('peer.id', '>', `conversations.${column}`)
                .where('peer.id', '<', m.id)
                .where('peer.user_id', '<>', authorId),
            ),
          ),
        )
        .execute();
    }
  });
}

type Op = { kind: 'write'; author: Participant } | { kind: 'read' | 'delivered'; who: Participant; back: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('write' as const), author: fc.constantFrom<Participant>('sender', 'receiver') }),
  fc.record({
    kind: fc.constantFrom('read' as const, 'delivered' as const),
    who: fc.constantFrom<Participant>('sender', 'receiver'),
    back: fc.nat(4),
  }),
);

/** The row with message ids replaced by their position in the conversation (0 = none). */
async function normalised(conversationId: number) {
  const ids = (
    await t.db.selectFrom('messages').select('id').where('conversation_id', '=', conversationId).orderBy('id').execute()
  ).map((m) => m.id);
  const pos = (id: number | null) => (id === null ? null : id === 0 ? 0 : ids.indexOf(id) + 1);
  const r = await row(conversationId);
  return {
    messages: ids.length,
    last: pos(r.last_message_id),
    sender_read: pos(r.sender_last_read_id),
    sender_delivered: pos(r.sender_last_delivered_id),
    receiver_read: pos(r.receiver_last_read_id),
    receiver_delivered: pos(r.receiver_last_delivered_id),
  };
}

describe('one UPDATE per message (property)', () => {
  it('leaves the same conversation rows as the three UPDATEs it replaced', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { maxLength: 14 }), async (ops) => {
        const made = await chat();
        const other = await chat();
        const convs = [made.conv, other.conv];
        for (const op of ops) {
          if (op.kind === 'write') {
            await write(convs[0], op.author);
            await referenceWrite(t.db, convs[1], op.author);
            continue;
          }
          // a receipt: the pointer moves forward to the message `back` places from the newest
          for (const conv of convs) {
            const ids = (
              await t.db
                .selectFrom('messages')
                .select('id')
                .where('conversation_id', '=', conv.id)
                .orderBy('id')
                .execute()
            ).map((m) => m.id);
            const target = ids[ids.length - 1 - op.back];
            if (target === undefined) continue;
            const column = `${op.who}_last_${op.kind}_id` as const;
            const current = (await row(conv.id))[column];
            if (target > current) await setRow(conv.id, { [column]: target });
          }
        }
        expect(await normalised(convs[0].id)).toEqual(await normalised(convs[1].id));
      }),
      { numRuns: 30 },
    );
  });
});
