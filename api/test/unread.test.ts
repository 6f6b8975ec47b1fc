/**
 * Unread counts read the other participant's messages above the viewer's marker through
 * messages(conversation_id, user_id, id) (migration 006): the same numbers as counting every message
 * above the marker that is not the viewer's, whatever the order of writes and reads.
 */
import { CompiledQuery } from 'kysely';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { selectConversations } from '../src/queries/conversations';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

/** Messages above the viewer's read marker not written by the viewer, counted the plain way. */
async function plainUnread(conversationId: number, viewerId: number): Promise<number> {
  const c = await t.db
    .selectFrom('conversations')
    .selectAll()
    .where('id', '=', conversationId)
    .executeTakeFirstOrThrow();
  const marker = c.sender_id === viewerId ? c.sender_last_read_id : c.receiver_last_read_id;
  const r = await t.db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('conversation_id', '=', conversationId)
    .where('id', '>', marker)
    .where('user_id', '<>', viewerId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('unread counts', () => {
  it('equal the plain count through any interleaving of writes and reads, on both sides', async () => {
    const farmer = await t.make.loginAs('farmer');
    const owner = await t.make.loginAs('store');
    const other = await t.make.loginAs('nursery');
    const conv = await t.make.conversation(farmer.user.id, owner.store!);
    const second = await t.make.conversation(farmer.user.id, other.store!);
    const people = [farmer, owner];
    // a fixed pseudo-random walk: who writes, who reads up to which message
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const ids: number[] = [];
    for (let step = 0; step < 40; step++) {
      const who = people[next(2)];
      if (next(3) === 0 && ids.length > 0) {
        await request(t.app)
          .post(`/api/conversation/update/${conv.id}`)
          .set(who.auth)
          .send({ last_read_message_id: ids[next(ids.length)] })
          .expect(200);
      } else {
        const res = await request(t.app)
          .post('/api/message/create')
          .set(who.auth)
          .send({ conversation_id: conv.id, message: `رسالة ${step}` })
          .expect(200);
        ids.push(res.body.data.id);
        if (next(4) === 0) {
          await request(t.app)
            .post('/api/message/create')
            .set(other.auth)
            .send({ conversation_id: second.id, message: 'في محادثة أخرى' })
            .expect(200);
        }
      }
      for (const p of people) {
        const mine = await request(t.app).get('/api/conversation/get-My-Conv').set(p.auth).expect(200);
        const row = mine.body.data.find((c: { id: number }) => c.id === conv.id);
        expect(row.unread_count, `step ${step}, user ${p.user.id}`).toBe(await plainUnread(conv.id, p.user.id));
      }
      const one = await request(t.app).get(`/api/conversation/get-My-Conv`).set(farmer.auth);
      const secondRow = one.body.data.find((c: { id: number }) => c.id === second.id);
      expect(secondRow.unread_count).toBe(await plainUnread(second.id, farmer.user.id));
    }
  });

  it.skipIf(process.env.TEST_DATABASE_URL_BASE)(
    'reads the other participant’s messages through messages(conversation_id, user_id, id) (SQLite plan)',
    async () => {
      const compiled = selectConversations(t.db, 1)
        .where((eb) => eb.or([eb('conversations.sender_id', '=', 1), eb('conversations.receiver_id', '=', 1)]))
        .compile();
      const plan = await t.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      );
      expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(
        /SEARCH unread USING COVERING INDEX messages_conversation_user_id \(conversation_id=\? AND user_id=\? AND id>\?\)/,
      );
    },
  );
});
