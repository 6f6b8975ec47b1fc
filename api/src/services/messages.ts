/**
 * Writing a message: one transaction inserts it, moves the conversation's last_message_id /
 * updated_at forward and the author's read (and delivered) pointer to it — over the author's own messages only:
 * when a message of the other participant lies between the pointer and the new message (e.g. a reply
 * written offline and delivered by the outbox after the peer wrote more), that pointer stays, so the
 * author never "reads" what they have not received. Unread counts therefore filter out the viewer's
 * own messages (queries/conversations.ts, services/stats.ts). Idempotent by (user_id, client_id): the
 * UNIQUE constraint decides between concurrent duplicates and the loser re-reads the first message.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
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

type PointerColumn =
  | 'sender_last_read_id'
  | 'receiver_last_read_id'
  | 'sender_last_delivered_id'
  | 'receiver_last_delivered_id';
const readColumn = { sender: 'sender_last_read_id', receiver: 'receiver_last_read_id' } as const;
const deliveredColumn = { sender: 'sender_last_delivered_id', receiver: 'receiver_last_delivered_id' } as const;

/**
 * Moves one of the author's pointers to their new message `messageId` when only the author's own
 * messages lie between the pointer and it (one conditional UPDATE: concurrent writes keep it true).
 */
function moveAuthorPointer(
  trx: Transaction<Database>,
  conversationId: number,
  authorId: number,
  messageId: number,
  column: PointerColumn,
) {
  return trx
    .updateTable('conversations')
    .set({ [column]: messageId } as Record<PointerColumn, number>)
    .where('id', '=', conversationId)
    .where(column, '<', messageId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('messages as peer')
            .select(sql<number>`1`.as('one'))
            .where('peer.conversation_id', '=', conversationId)
            .whereRef('peer.id', '>', `conversations.${column}`)
            .where('peer.id', '<', messageId)
            .where('peer.user_id', '<>', authorId),
        ),
      ),
    )
    .execute();
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
      await moveAuthorPointer(trx, conversation.id, userId, row.id, readColumn[input.author]);
      // read implies delivered: the author's delivered pointer follows, under the same rule
      await moveAuthorPointer(trx, conversation.id, userId, row.id, deliveredColumn[input.author]);
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
