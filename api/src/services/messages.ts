/**
 * Writing a message: one transaction inserts it, moves the conversation's last_message_id /
 * updated_at forward and the sender's read (and delivered) pointer to it. Idempotent by (user_id, client_id): the
 * UNIQUE constraint decides between concurrent duplicates and the loser re-reads the first message.
 */
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/errors';
import { nowIso } from '../db/time';
import type { ConversationRow, Database, MessageRow } from '../db/types';
import type { Participant } from './conversations';

export interface NewMessage {
  conversation: ConversationRow;
  author: Participant;
  userId: number;
  text: string | null;
  image: string | null;
  clientId: string | null;
}

/** The message this user already sent with this client_id, if any. */
export function findByClientId(db: Kysely<Database>, userId: number, clientId: string | null) {
  if (clientId === null) return Promise.resolve(undefined);
  return db
    .selectFrom('messages')
    .selectAll()
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

export interface WriteResult {
  message: MessageRow;
  /** False when the client_id was already used: `message` is the first one. */
  created: boolean;
}

export async function writeMessage(db: Kysely<Database>, input: NewMessage): Promise<WriteResult> {
  const { conversation, userId } = input;
  const now = nowIso();
  try {
    const message = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('messages')
        .values({
          conversation_id: conversation.id,
          user_id: userId,
          message: input.text,
          image: input.image,
          client_id: input.clientId,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('conversations')
        .set({ last_message_id: row.id, updated_at: now })
        .where('id', '=', conversation.id)
        .where((eb) => eb.or([eb('last_message_id', 'is', null), eb('last_message_id', '<', row.id)]))
        .execute();
      const marker = input.author === 'sender' ? 'sender_last_read_id' : 'receiver_last_read_id';
      await trx
        .updateTable('conversations')
        .set(marker === 'sender_last_read_id' ? { sender_last_read_id: row.id } : { receiver_last_read_id: row.id })
        .where('id', '=', conversation.id)
        .where(marker, '<', row.id)
        .execute();
      // read implies delivered: the author's delivered pointer follows
      const delivered = input.author === 'sender' ? 'sender_last_delivered_id' : 'receiver_last_delivered_id';
      await trx
        .updateTable('conversations')
        .set(
          delivered === 'sender_last_delivered_id'
            ? { sender_last_delivered_id: row.id }
            : { receiver_last_delivered_id: row.id },
        )
        .where('id', '=', conversation.id)
        .where(delivered, '<', row.id)
        .execute();
      return row;
    });
    return { message, created: true };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const first = await findByClientId(db, userId, input.clientId);
    if (!first) throw err;
    return { message: first, created: false };
  }
}
