/**
 * Conversations as the presenter needs them: both people, the store, the last message (one join
 * through last_message_id) and the viewer's unread count. The unread count is a correlated count
 * of the other participant's messages above the viewer's read marker — one query for a whole list,
 * no N+1. The author filter is needed: message/create moves the author's marker only over the
 * author's own messages (a reply written offline and delivered after the peer wrote more leaves it
 * behind those), so the viewer's own messages may lie above their marker. Only the two
 * participants write in a conversation (message/create refuses anyone else), so "not the viewer's"
 * is "the other participant's": a range of the index messages(conversation_id, user_id, id)
 * (migration 006) holding just the unread ones — neither the history below the marker nor the
 * viewer's own messages above it are read.
 */
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { ConversationRow, Database } from '../db/types';

type ConversationScope = ExpressionBuilder<Database, 'conversations'>;

type SideColumn =
  | 'conversations.sender_id'
  | 'conversations.receiver_id'
  | 'conversations.sender_last_read_id'
  | 'conversations.receiver_last_read_id';

/** `ifSender` when the viewer started the conversation, `ifReceiver` otherwise (as one SQL CASE). */
function bySide(eb: ConversationScope, viewerId: number, ifSender: SideColumn, ifReceiver: SideColumn) {
  return eb.case().when('conversations.sender_id', '=', viewerId).then(eb.ref(ifSender)).else(eb.ref(ifReceiver)).end();
}

/** Messages of the other participant above the viewer's read marker. */
function unreadCount(eb: ConversationScope, viewerId: number) {
  const marker = bySide(eb, viewerId, 'conversations.sender_last_read_id', 'conversations.receiver_last_read_id');
  const other = bySide(eb, viewerId, 'conversations.receiver_id', 'conversations.sender_id');
  return eb
    .selectFrom('messages as unread')
    .select((e) => e.fn.countAll<number>().as('n'))
    .whereRef('unread.conversation_id', '=', 'conversations.id')
    .where('unread.user_id', '=', other)
    .where('unread.id', '>', marker);
}

/**
 * `viewerId`: the participant whose unread count is wanted, or null (the admin's views: 0).
 */
export function selectConversations(db: Kysely<Database>, viewerId: number | null) {
  return db
    .selectFrom('conversations')
    .innerJoin('users as sender', 'sender.id', 'conversations.sender_id')
    .innerJoin('users as receiver', 'receiver.id', 'conversations.receiver_id')
    .innerJoin('stores', 'stores.id', 'conversations.store_id')
    .leftJoin('messages as last', 'last.id', 'conversations.last_message_id')
    .select((eb) => [
      'conversations.id',
      'conversations.sender_id',
      'conversations.receiver_id',
      'conversations.store_id',
      'conversations.sender_last_read_id',
      'conversations.receiver_last_read_id',
      'conversations.sender_last_delivered_id',
      'conversations.receiver_last_delivered_id',
      'conversations.last_message_id',
      'conversations.created_at',
      'conversations.updated_at',
      'sender.name as sender_name',
      'sender.image as sender_image',
      'receiver.name as receiver_name',
      'receiver.image as receiver_image',
      'stores.name_store as store_name',
      'stores.image as store_image',
      'last.id as last_id',
      'last.user_id as last_user_id',
      'last.message as last_text',
      'last.image as last_image',
      'last.client_id as last_client_id',
      'last.created_at as last_created_at',
      'last.attachment as last_attachment',
      'last.deleted_at as last_deleted_at',
      'last.card as last_card',
      'last.auto as last_auto',
      'conversations.resolved',
      'conversations.waiting_since',
      'sender.phone as sender_phone',
      viewerId === null ? sql<number>`0`.as('unread_count') : unreadCount(eb, viewerId).as('unread_count'),
    ]);
}

export type ConversationListRow = Awaited<
  ReturnType<ReturnType<typeof selectConversations>['executeTakeFirstOrThrow']>
>;

/** get-My-Conv: the viewer's conversations (as sender or receiver), newest activity first. */
export function selectMyConversations(db: Kysely<Database>, viewerId: number): Promise<ConversationListRow[]> {
  return selectConversations(db, viewerId)
    .where((eb) =>
      eb.or([eb('conversations.sender_id', '=', viewerId), eb('conversations.receiver_id', '=', viewerId)]),
    )
    .orderBy('conversations.updated_at', 'desc')
    .orderBy('conversations.id', 'desc')
    .execute();
}

/** The bare row (participants and markers) for access checks. */
export function findConversationRow(db: Kysely<Database>, id: number): Promise<ConversationRow | undefined> {
  return db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What the away reply needs of the conversation's store (services/inbox.ts `claimAwayReply`). */
export interface StoreAway {
  hours: string | null;
  away_message: string | null;
  /** The store account's block (an account the admin blocked says nothing by itself). */
  blocked_at: unknown;
}

const conversationForWrite = (db: Kysely<Database>, id: number) =>
  db
    .selectFrom('conversations')
    .leftJoin('stores', 'stores.id', 'conversations.store_id')
    .leftJoin('users as store_owner', 'store_owner.id', 'stores.user_id')
    .selectAll('conversations')
    .select([
      'stores.hours as store_hours',
      'stores.away_message as store_away_message',
      'store_owner.blocked_at as store_blocked_at',
    ])
    .where('conversations.id', '=', id)
    .executeTakeFirst();

/**
 * message/create's read: the row and, in the same statement, what the away reply needs of the store
 * (the customer's message then costs no query more for it: issue 25 item 3).
 */
export async function findConversationForWrite(
  db: Kysely<Database>,
  id: number,
): Promise<{ conversation: ConversationRow; store: StoreAway } | undefined> {
  const row = await conversationForWrite(db, id);
  if (!row) return undefined;
  const { store_hours, store_away_message, store_blocked_at, ...conversation } = row;
  return {
    conversation,
    store: {
      hours: store_hours ?? null,
      away_message: store_away_message ?? null,
      blocked_at: store_blocked_at ?? null,
    },
  };
}
