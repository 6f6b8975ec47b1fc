/**
 * The store inbox and orders through the chat (CONTRACT.md §8):
 * - orders: `stage` (new → accepted → out_for_delivery), `eta`, `reason`, `cancelled_by` and
 *   `conversation_id` (the buyer's conversation with the store, where the order cards go);
 * - messages: `card` (a product or order card, JSON), `auto` (the away reply, 0/1) and
 *   `search_text` (the normalised text, §6, for the inbox search), filled for existing messages;
 * - conversations: `resolved`, `waiting_since` (the customer's oldest unanswered message, kept by
 *   every message write), `away_sent_at` (the last away reply: one per 12 h) and `customer_search`
 *   (the customer's normalised name and phone, refreshed by each of their messages);
 * - stores: `hours` (JSON, empty = always open) and `away_message` — a store row change moves the
 *   stores version (migration 005), as it should: both are shown in the store's JSON;
 * - store_activity: per store, `last_active_at` and the cached `reply_minutes` — written on every
 *   store reply, so apart from `stores`, whose version must not move with the chat;
 * - reply_times: one row per answered wait (seconds from the customer's first unanswered message to
 *   the store's reply), for reply_minutes and the dashboard's median;
 * - quick_replies: a store's saved replies, `shortcut` unique per store.
 */
import { normalizeArabic } from '@agrivet/shared';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../create-db';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it is at that version
type AnyDb = Kysely<any>;

const BATCH = 2000;

export function inboxOrdersMigration(dialect: Dialect) {
  const ts = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: AnyDb): Promise<void> {
      const withId = (name: string) =>
        dialect === 'postgres'
          ? db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
          : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
      await db.schema
        .alterTable('orders')
        .addColumn('stage', 'text', (c) => c.notNull().defaultTo('new'))
        .execute();
      await db.schema.alterTable('orders').addColumn('eta', 'text').execute();
      await db.schema.alterTable('orders').addColumn('reason', 'text').execute();
      await db.schema.alterTable('orders').addColumn('cancelled_by', 'text').execute();
      await db.schema.alterTable('orders').addColumn('conversation_id', 'integer').execute();
      // the store's order list filtered by stage
      await db.schema
        .createIndex('orders_store_stage')
        .on('orders')
        .columns(['store_id', 'status', 'stage', 'id'])
        .execute();

      await db.schema.alterTable('messages').addColumn('card', 'text').execute();
      await db.schema
        .alterTable('messages')
        .addColumn('auto', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('messages').addColumn('search_text', 'text').execute();

      await db.schema
        .alterTable('conversations')
        .addColumn('resolved', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('conversations').addColumn('waiting_since', ts).execute();
      await db.schema.alterTable('conversations').addColumn('away_sent_at', ts).execute();
      await db.schema.alterTable('conversations').addColumn('customer_search', 'text').execute();
      await db.schema
        .createIndex('conversations_store_inbox')
        .on('conversations')
        .columns(['store_id', 'resolved', 'updated_at'])
        .execute();
      await db.schema
        .createIndex('conversations_waiting')
        .on('conversations')
        .columns(['waiting_since', 'store_id'])
        .execute();

      await db.schema.alterTable('stores').addColumn('hours', 'text').execute();
      await db.schema.alterTable('stores').addColumn('away_message', 'text').execute();

      await db.schema
        .createTable('store_activity')
        .addColumn('store_id', 'integer', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
        .addColumn('last_active_at', ts)
        .addColumn('reply_minutes', 'integer')
        .execute();

      await withId('reply_times')
        .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
        .addColumn('seconds', 'integer', (c) => c.notNull())
        .addColumn('replied_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('reply_times_store').on('reply_times').columns(['store_id', 'replied_at']).execute();
      await db.schema.createIndex('reply_times_replied').on('reply_times').columns(['replied_at']).execute();

      await withId('quick_replies')
        .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('shortcut', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addUniqueConstraint('quick_replies_store_shortcut', ['store_id', 'shortcut'])
        .execute();

      // who waits for a reply now: the customer's messages after the store's last one
      await sql`update conversations set waiting_since = (
          select min(m.created_at) from messages m
          where m.conversation_id = conversations.id and m.user_id = conversations.sender_id
            and m.id > coalesce((select max(r.id) from messages r
              where r.conversation_id = conversations.id and r.user_id = conversations.receiver_id), 0))`.execute(db);

      // existing messages and conversations: their search texts
      let after = 0;
      for (;;) {
        const rows: { id: number; message: string }[] = await db
          .selectFrom('messages')
          .select(['id', 'message'])
          .where('id', '>', after)
          .where('message', 'is not', null)
          .orderBy('id')
          .limit(BATCH)
          .execute();
        if (rows.length === 0) break;
        for (const r of rows) {
          await db
            .updateTable('messages')
            .set({ search_text: normalizeArabic(r.message) })
            .where('id', '=', r.id)
            .execute();
        }
        after = rows[rows.length - 1]!.id;
      }
      const customers: { id: number; name: string; phone: string }[] = await db
        .selectFrom('users')
        .select(['id', 'name', 'phone'])
        .where((eb) => eb.exists(eb.selectFrom('conversations').select('id').whereRef('sender_id', '=', 'users.id')))
        .execute();
      for (const u of customers) {
        await db
          .updateTable('conversations')
          .set({ customer_search: normalizeArabic(`${u.name} ${u.phone}`) })
          .where('sender_id', '=', u.id)
          .execute();
      }
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropTable('quick_replies').ifExists().execute();
      await db.schema.dropTable('reply_times').ifExists().execute();
      await db.schema.dropTable('store_activity').ifExists().execute();
      for (const index of ['orders_store_stage', 'conversations_store_inbox', 'conversations_waiting']) {
        await db.schema.dropIndex(index).ifExists().execute();
      }
      for (const column of ['hours', 'away_message']) await db.schema.alterTable('stores').dropColumn(column).execute();
      for (const column of ['resolved', 'waiting_since', 'away_sent_at', 'customer_search']) {
        await db.schema.alterTable('conversations').dropColumn(column).execute();
      }
      for (const column of ['card', 'auto', 'search_text']) {
        await db.schema.alterTable('messages').dropColumn(column).execute();
      }
      for (const column of ['stage', 'eta', 'reason', 'cancelled_by', 'conversation_id']) {
        await db.schema.alterTable('orders').dropColumn(column).execute();
      }
    },
  };
}
