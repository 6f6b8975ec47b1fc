/**
 * Conversation rules: who takes part, the idempotent start (one conversation per user and store),
 * read and delivered pointers that only move forward, and the message window of conversation/get/{id}.
 */
import { normalizeArabic } from '@agrivet/shared';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/errors';
import { nowIso, toIso } from '../db/time';
import type { ConversationRow, Database, MessageRow } from '../db/types';
import type { AuthUser } from '../http/auth';

/** Latest messages returned by default (and per `before_id` page). */
export const MESSAGE_PAGE = 50;
/** At most this many newer messages per `after_id` re-sync call. */
export const RESYNC_CAP = 500;
/** At most this many ids of deleted messages per `after_id` re-sync call (the newest deletions). */
export const RESYNC_DELETED_CAP = 500;
/**
 * How far before `after_id`'s own time deletions are looked for: the instances' clocks may differ a
 * little (a deletion stamped by another API instance), and an id listed twice costs nothing.
 */
const RESYNC_DELETED_SLACK_MS = 60_000;

export type Participant = 'sender' | 'receiver';

export function participantRole(conversation: ConversationRow, userId: number): Participant | null {
  if (conversation.sender_id === userId) return 'sender';
  if (conversation.receiver_id === userId) return 'receiver';
  return null;
}

export const isParticipant = (conversation: ConversationRow, user: AuthUser): boolean =>
  participantRole(conversation, user.id) !== null;

/**
 * The conversation of `senderId` with the store, created when missing. Concurrent starts meet on
 * the UNIQUE (sender_id, store_id) constraint and both get the same row.
 */
export async function findOrCreateConversation(
  db: Kysely<Database>,
  senderId: number,
  store: { id: number; user_id: number },
): Promise<number> {
  const find = () =>
    db
      .selectFrom('conversations')
      .select('id')
      .where('sender_id', '=', senderId)
      .where('store_id', '=', store.id)
      .executeTakeFirst();
  const existing = await find();
  if (existing) return existing.id;
  const now = nowIso();
  // the inbox searches the customer's name and phone (services/inbox.ts keeps it with their messages)
  const customer = await db.selectFrom('users').select(['name', 'phone']).where('id', '=', senderId).executeTakeFirst();
  try {
    const row = await db
      .insertInto('conversations')
      .values({
        sender_id: senderId,
        receiver_id: store.user_id,
        store_id: store.id,
        created_at: now,
        updated_at: now,
        customer_search: customer ? normalizeArabic(`${customer.name} ${customer.phone}`) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await find();
    if (!winner) throw err;
    return winner.id;
  }
}

/**
 * Moves the participant's pointers forward: the read pointer to `read`, the delivered pointer to
 * `delivered` (or to `read` when that is higher: read implies delivered). Never past the
 * conversation's last message and never backwards (the conditional UPDATEs keep that true under
 * concurrent calls). Resolves true when a pointer moved (a change to publish).
 */
export async function markPointers(
  db: Kysely<Database>,
  conversation: ConversationRow,
  who: Participant,
  pointers: { read?: number; delivered?: number },
): Promise<boolean> {
  const last = conversation.last_message_id ?? 0;
  const read = pointers.read === undefined ? 0 : Math.min(pointers.read, last);
  const delivered = Math.max(read, Math.min(pointers.delivered ?? 0, last));
  const deliveredCol = who === 'sender' ? 'sender_last_delivered_id' : 'receiver_last_delivered_id';
  const readCol = who === 'sender' ? 'sender_last_read_id' : 'receiver_last_read_id';
  let moved = false;
  // Nothing to move (the row already holds these pointers): no write, no lock.
  if (delivered > conversation[deliveredCol]) {
    const done = await db
      .updateTable('conversations')
      .set(
        deliveredCol === 'sender_last_delivered_id'
          ? { sender_last_delivered_id: delivered }
          : { receiver_last_delivered_id: delivered },
      )
      .where('id', '=', conversation.id)
      .where(deliveredCol, '<', delivered)
      .executeTakeFirst();
    moved = done.numUpdatedRows > 0n;
  }
  if (read > conversation[readCol]) {
    const done = await db
      .updateTable('conversations')
      .set(readCol === 'sender_last_read_id' ? { sender_last_read_id: read } : { receiver_last_read_id: read })
      .where('id', '=', conversation.id)
      .where(readCol, '<', read)
      .executeTakeFirst();
    moved = moved || done.numUpdatedRows > 0n;
  }
  return moved;
}

/** Moves the participant's read marker (and with it the delivered one) forward. */
export function markRead(
  db: Kysely<Database>,
  conversation: ConversationRow,
  who: Participant,
  lastReadId: number,
): Promise<boolean> {
  return markPointers(db, conversation, who, { read: lastReadId });
}

export interface MessageWindow {
  /** Oldest first. */
  messages: MessageRow[];
  hasMore: boolean;
  /**
   * With `afterId` only: messages at or before it deleted since it was written — what a client that
   * holds them missed while it was not listening (a deleted message newer than `afterId` comes in
   * `messages`, marked deleted).
   */
  deletedIds?: number[];
}

/**
 * Default: the latest MESSAGE_PAGE messages, `hasMore` when older ones exist.
 * `beforeId`: the MESSAGE_PAGE messages just before it (scrolling back), same `hasMore`.
 * `afterId`: every message newer than it, up to RESYNC_CAP; `hasMore` when the cap cut the list
 * (ask again with the last id).
 */
export async function messageWindow(
  db: Kysely<Database>,
  conversationId: number,
  range: { afterId?: number; beforeId?: number },
): Promise<MessageWindow> {
  let q = db.selectFrom('messages').selectAll().where('conversation_id', '=', conversationId);
  if (range.beforeId !== undefined) q = q.where('id', '<', range.beforeId);
  if (range.afterId !== undefined) {
    const rows = await q
      .where('id', '>', range.afterId)
      .orderBy('id', 'asc')
      .limit(RESYNC_CAP + 1)
      .execute();
    return {
      messages: rows.slice(0, RESYNC_CAP),
      hasMore: rows.length > RESYNC_CAP,
      deletedIds: await deletedSince(db, conversationId, range.afterId),
    };
  }
  const rows = await q
    .orderBy('id', 'desc')
    .limit(MESSAGE_PAGE + 1)
    .execute();
  return { messages: rows.slice(0, MESSAGE_PAGE).reverse(), hasMore: rows.length > MESSAGE_PAGE };
}

/**
 * Ids of the conversation's messages up to `afterId` deleted since `afterId` was written (less a minute
 * of slack), newest deletion first: a client that had them delivered and then lost its connection, or
 * joined after it read the thread, missed their `message:deleted`. Answered from the partial index of
 * deleted messages (migration 014). An `afterId` that is not this conversation's message: every deletion.
 */
async function deletedSince(db: Kysely<Database>, conversationId: number, afterId: number): Promise<number[]> {
  if (afterId <= 0) return [];
  const anchor = await db
    .selectFrom('messages')
    .select('created_at')
    .where('id', '=', afterId)
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  let q = db
    .selectFrom('messages')
    .select('id')
    .where('conversation_id', '=', conversationId)
    .where('deleted_at', 'is not', null)
    .where('id', '<=', afterId);
  if (anchor) {
    const floor = new Date(Date.parse(toIso(anchor.created_at)) - RESYNC_DELETED_SLACK_MS).toISOString();
    q = q.where('deleted_at', '>=', floor);
  }
  const rows = await q.orderBy('deleted_at', 'desc').limit(RESYNC_DELETED_CAP).execute();
  return rows.map((r) => r.id);
}

/** Deletes the conversation (its messages go by ON DELETE CASCADE) and returns their image paths. */
export async function deleteConversation(db: Kysely<Database>, id: number): Promise<string[]> {
  const withImages = await db
    .selectFrom('messages')
    .select('image')
    .where('conversation_id', '=', id)
    .where('image', 'is not', null)
    .execute();
  await db.deleteFrom('conversations').where('id', '=', id).execute();
  return withImages.map((m) => m.image).filter((p): p is string => p !== null);
}
