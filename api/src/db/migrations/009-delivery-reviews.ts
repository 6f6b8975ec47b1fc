/**
 * Ordering like a real shop (CONTRACT.md §7):
 * - orders keep where they go: delivery_province, delivery_address, delivery_phone, delivery_note
 *   (null on orders placed before this version; order/create requires them from now on);
 * - users keep a delivery province beside their address (the client pre-fills checkout with both);
 * - reviews: one per order (its buyer's 1-5 rating and comment), listed per store newest first;
 * - stores carry their rating aggregate — rating_sum, rating_count and rating_tenths (the average
 *   × 10, rounded; 0 while unrated) — kept in the same transaction as each review write, so store
 *   lists never aggregate and `sort=rating` reads an index; and `verified` (set by the admin).
 * Every review write updates the store row, so the stores version of table_stats (migration 005)
 * moves with it and a cached store list never shows a stale rating.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../create-db';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it is at that version
type AnyDb = Kysely<any>;

export function deliveryReviewsMigration(dialect: Dialect) {
  const ts = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.alterTable('orders').addColumn('delivery_province', 'integer').execute();
      await db.schema.alterTable('orders').addColumn('delivery_address', 'text').execute();
      await db.schema.alterTable('orders').addColumn('delivery_phone', 'text').execute();
      await db.schema.alterTable('orders').addColumn('delivery_note', 'text').execute();

      await db.schema.alterTable('users').addColumn('province', 'integer').execute();

      for (const column of ['verified', 'rating_sum', 'rating_count', 'rating_tenths']) {
        await db.schema
          .alterTable('stores')
          .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }
      // sort=rating: best first, then more reviews, then newest; the filters of the store lists
      // (all, one province, one type in one province) each read their own index in order
      await db.schema
        .createIndex('stores_rating')
        .on('stores')
        .columns(['rating_tenths', 'rating_count', 'id'])
        .execute();
      await db.schema
        .createIndex('stores_city_rating')
        .on('stores')
        .columns(['city', 'rating_tenths', 'rating_count', 'id'])
        .execute();
      await db.schema
        .createIndex('stores_type_city_rating')
        .on('stores')
        .columns(['type', 'city', 'rating_tenths', 'rating_count', 'id'])
        .execute();

      const reviews = db.schema.createTable('reviews');
      await (dialect === 'postgres'
        ? reviews.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
        : reviews.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
        .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('comment', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('reviews_store_id').on('reviews').columns(['store_id', 'id']).execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropTable('reviews').ifExists().execute();
      for (const index of ['stores_rating', 'stores_city_rating', 'stores_type_city_rating']) {
        await db.schema.dropIndex(index).ifExists().execute();
      }
      for (const column of ['verified', 'rating_sum', 'rating_count', 'rating_tenths']) {
        await db.schema.alterTable('stores').dropColumn(column).execute();
      }
      await db.schema.alterTable('users').dropColumn('province').execute();
      for (const column of ['delivery_province', 'delivery_address', 'delivery_phone', 'delivery_note']) {
        await db.schema.alterTable('orders').dropColumn(column).execute();
      }
    },
  };
}
