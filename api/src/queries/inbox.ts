/**
 * The inbox rows (CONTRACT.md §8): conversations as get-My-Conv selects them, with the inbox state
 * (resolved, waiting_since) and the customer (the conversation's sender) with their phone, province
 * (their own, else their last order's delivery province with this store) and how many orders they
 * placed with this store. `q` matches the customer's normalised name and phone
 * (conversations.customer_search) or any message's normalised text (messages.search_text), §6.
 */
import { type InboxConversation, type InboxFilter, normalizeArabic, phoneSearch } from '@agrivet/shared';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { toCount } from '../db/time';
import type { Database } from '../db/types';
import type { ChatMedia } from '../media/chat-media';
import { presentConversation } from '../presenters/conversation';
import { toIso } from '../presenters/common';
import { likePattern } from '../search/search-text';
import { type ConversationListRow, selectConversations } from './conversations';

export interface InboxScope {
  /** One store's conversations, or every store's (the admin: null). */
  storeId: number | null;
  filter: InboxFilter;
  /** The search as typed (normalised here); empty for none. */
  q: string;
  /** One conversation's row only (`?id=`: the one open in the store's chats), or every one. */
  id?: number;
}

type Scope = ExpressionBuilder<Database, 'conversations'>;

function where(scope: InboxScope) {
  // a phone however it is written (`+963 944…`, `0944-444-444`) finds the stored, canonical one
  const query = phoneSearch(scope.q) ?? normalizeArabic(scope.q);
  const pattern = query === '' ? null : likePattern(query);
  return (eb: Scope) => {
    const parts: Expression<SqlBool>[] = [eb('conversations.last_message_id', 'is not', null)];
    if (scope.storeId !== null) parts.push(eb('conversations.store_id', '=', scope.storeId));
    if (scope.id !== undefined) parts.push(eb('conversations.id', '=', scope.id));
    if (scope.filter === 'open') parts.push(eb('conversations.resolved', '=', 0));
    if (scope.filter === 'resolved') parts.push(eb('conversations.resolved', '=', 1));
    if (scope.filter === 'needs_reply') {
      parts.push(eb('conversations.resolved', '=', 0), eb('conversations.waiting_since', 'is not', null));
    }
    if (pattern !== null) {
      parts.push(
        eb.or([
          sql<SqlBool>`${sql.ref('conversations.customer_search')} like ${pattern} escape '\\'`,
          eb.exists(
            eb
              .selectFrom('messages as hit')
              .select(sql<number>`1`.as('one'))
              .whereRef('hit.conversation_id', '=', 'conversations.id')
              .where(sql<boolean>`${sql.ref('hit.search_text')} like ${pattern} escape '\\'`),
          ),
        ]),
      );
    }
    return eb.and(parts);
  };
}

export async function countInbox(db: Kysely<Database>, scope: InboxScope): Promise<number> {
  const { n } = await db
    .selectFrom('conversations')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(where(scope))
    .executeTakeFirstOrThrow();
  return toCount(n as number);
}

/** `viewerId`: the store's account (its unread counts), null for the admin. */
export function selectInbox(db: Kysely<Database>, viewerId: number | null) {
  return selectConversations(db, viewerId).select((eb) => [
    eb
      .selectFrom('orders')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('orders.user_id', '=', 'conversations.sender_id')
      .whereRef('orders.store_id', '=', 'conversations.store_id')
      .as('orders_count'),
    // the customer's province: their own, else where their last order with this store went
    eb.fn
      .coalesce(
        'sender.province',
        eb
          .selectFrom('orders')
          .select('orders.delivery_province')
          .whereRef('orders.user_id', '=', 'conversations.sender_id')
          .whereRef('orders.store_id', '=', 'conversations.store_id')
          .where('orders.delivery_province', 'is not', null)
          .orderBy('orders.id', 'desc')
          .limit(1),
      )
      .as('customer_province'),
  ]);
}

export type InboxRow = ConversationListRow & {
  orders_count: number | string | null;
  customer_province: number | null;
};

export function inboxPage(db: Kysely<Database>, viewerId: number | null, scope: InboxScope) {
  return (limit: number, offset: number) => {
    let q = selectInbox(db, viewerId).where(where(scope));
    q =
      scope.filter === 'needs_reply'
        ? q.orderBy('conversations.waiting_since', 'asc').orderBy('conversations.id', 'asc')
        : q.orderBy('conversations.updated_at', 'desc').orderBy('conversations.id', 'desc');
    return q.limit(limit).offset(offset).execute() as Promise<InboxRow[]>;
  };
}

export async function findInboxRow(
  db: Kysely<Database>,
  viewerId: number | null,
  id: number,
): Promise<InboxRow | undefined> {
  return (await selectInbox(db, viewerId).where('conversations.id', '=', id).executeTakeFirst()) as
    | InboxRow
    | undefined;
}

export function presentInboxRow(row: InboxRow, media: ChatMedia): InboxConversation {
  const waiting = row.waiting_since ? toIso(row.waiting_since) : null;
  return {
    ...presentConversation(row, media),
    needs_reply: waiting !== null,
    waiting_since: waiting,
    resolved: row.resolved === 1,
    customer: {
      id: row.sender_id,
      name: row.sender_name,
      phone: row.sender_phone,
      image: row.sender_image,
      province: row.customer_province === null ? null : Number(row.customer_province),
      orders_count: toCount(row.orders_count),
    },
  };
}
