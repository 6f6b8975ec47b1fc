/**
 * The first migration: every table of the product (api + conversations/messages/orders).
 * Same code for both dialects; branches only for ids (autoincrement vs identity) and timestamps.
 */
import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../create-db';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema before it exists
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: see above
type Table = CreateTableBuilder<string, any>;

export function initialMigration(dialect: Dialect) {
  const ts = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  const withId = (t: Table): Table =>
    dialect === 'postgres'
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const withTimestamps = (t: Table): Table =>
    t.addColumn('created_at', ts, (c) => c.notNull()).addColumn('updated_at', ts, (c) => c.notNull());

  return {
    async up(db: AnyDb): Promise<void> {
      await withTimestamps(
        withId(db.schema.createTable('users'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('phone', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('address', 'text')
          .addColumn('image', 'text')
          .addColumn('type', 'integer', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0)),
      ).execute();
      await db.schema.createIndex('users_type_id').on('users').columns(['type', 'id']).execute();

      await withId(db.schema.createTable('auth_tokens'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('last_used_at', ts, (c) => c.notNull())
        .addColumn('revoked_at', ts)
        .execute();
      await db.schema.createIndex('auth_tokens_user').on('auth_tokens').column('user_id').execute();

      await withId(db.schema.createTable('login_failures'))
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_failures_phone')
        .on('login_failures')
        .columns(['phone', 'created_at'])
        .execute();
      await db.schema.createIndex('login_failures_ip').on('login_failures').columns(['ip', 'created_at']).execute();

      await withId(db.schema.createTable('password_reset_requests'))
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('resolved_at', ts)
        .execute();
      await db.schema
        .createIndex('password_reset_requests_user')
        .on('password_reset_requests')
        .columns(['user_id', 'resolved_at'])
        .execute();

      await withTimestamps(
        withId(db.schema.createTable('stores'))
          .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
          .addColumn('city', 'integer', (c) => c.notNull())
          .addColumn('address', 'text', (c) => c.notNull())
          .addColumn('name_store', 'text', (c) => c.notNull())
          .addColumn('image', 'text')
          .addColumn('type', 'integer', (c) => c.notNull())
          .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
      ).execute();
      await db.schema.createIndex('stores_type_city_id').on('stores').columns(['type', 'city', 'id']).execute();
      await db.schema.createIndex('stores_city_id').on('stores').columns(['city', 'id']).execute();

      await withTimestamps(
        withId(db.schema.createTable('posts'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('image', 'text')
          .addColumn('is_special', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
      ).execute();
      await db.schema.createIndex('posts_special_id').on('posts').columns(['is_special', 'id']).execute();
      await db.schema.createIndex('posts_user_id').on('posts').columns(['user_id', 'id']).execute();

      await withTimestamps(
        withId(db.schema.createTable('products'))
          .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('type', 'integer', (c) => c.notNull())
          .addColumn('price_cents', 'integer', (c) => c.notNull())
          .addColumn('is_special', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('image', 'text')
          .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
      ).execute();
      await db.schema.createIndex('products_store_id').on('products').columns(['store_id', 'id']).execute();
      await db.schema.createIndex('products_type_id').on('products').columns(['type', 'id']).execute();

      await withTimestamps(
        withId(db.schema.createTable('conversations'))
          .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('receiver_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
          .addColumn('sender_last_read_id', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('receiver_last_read_id', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('last_message_id', 'integer')
          .addUniqueConstraint('conversations_sender_store', ['sender_id', 'store_id']),
      ).execute();
      await db.schema
        .createIndex('conversations_sender_updated')
        .on('conversations')
        .columns(['sender_id', 'updated_at'])
        .execute();
      await db.schema
        .createIndex('conversations_receiver_updated')
        .on('conversations')
        .columns(['receiver_id', 'updated_at'])
        .execute();
      await db.schema.createIndex('conversations_store').on('conversations').column('store_id').execute();
      await db.schema.createIndex('conversations_updated').on('conversations').columns(['updated_at', 'id']).execute();

      await withId(db.schema.createTable('messages'))
        .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('message', 'text')
        .addColumn('image', 'text')
        .addColumn('client_id', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addUniqueConstraint('messages_user_client', ['user_id', 'client_id'])
        .execute();
      await db.schema
        .createIndex('messages_conversation_id')
        .on('messages')
        .columns(['conversation_id', 'id'])
        .execute();
      await db.schema.createIndex('messages_created').on('messages').column('created_at').execute();

      await withTimestamps(
        withId(db.schema.createTable('orders'))
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('store_id', 'integer', (c) => c.notNull())
          .addColumn('total_cents', 'integer', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('client_id', 'text')
          .addUniqueConstraint('orders_user_client', ['user_id', 'client_id']),
      ).execute();
      await db.schema.createIndex('orders_store_id').on('orders').columns(['store_id', 'id']).execute();
      await db.schema.createIndex('orders_user_id').on('orders').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('orders_created').on('orders').column('created_at').execute();

      await withId(db.schema.createTable('order_items'))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('product_id', 'integer')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_items_order').on('order_items').columns(['order_id', 'id']).execute();
    },

    async down(db: AnyDb): Promise<void> {
      for (const t of [
        'order_items',
        'orders',
        'messages',
        'conversations',
        'products',
        'posts',
        'stores',
        'password_reset_requests',
        'login_failures',
        'auth_tokens',
        'users',
      ]) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  };
}
