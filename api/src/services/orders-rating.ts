/**
 * The buyer's rating of a completed order (order/rate/{id}): one review per order — a second call
 * edits it — and the store's aggregate (rating_sum, rating_count, rating_tenths) moved in the same
 * transaction, so store lists read the rating from the stores row and never aggregate. Moving the
 * stores row also moves its table_stats version (migration 005): cached store lists are refreshed.
 * Concurrency: the review row is locked before an edit (PostgreSQL; SQLite runs one transaction at
 * a time), the aggregate is moved with relative updates, and two first ratings of the same order at
 * once meet the UNIQUE order_id: the loser retries as an edit.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/create-db';
import { isUniqueViolation } from '../db/errors';
import { nowIso, toCount } from '../db/time';
import type { Database } from '../db/types';

export interface RatingRequest {
  orderId: number;
  storeId: number;
  buyerId: number;
  rating: number;
  comment: string | null;
}

async function writeRating(db: Kysely<Database>, dialect: Dialect, req: RatingRequest): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const existing = await trx
      .selectFrom('reviews')
      .select(['id', 'rating'])
      .where('order_id', '=', req.orderId)
      .$if(dialect === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    let delta: number;
    let added: number;
    if (existing) {
      await trx
        .updateTable('reviews')
        .set({ rating: req.rating, comment: req.comment, updated_at: now })
        .where('id', '=', existing.id)
        .execute();
      delta = req.rating - existing.rating;
      added = 0;
    } else {
      await trx
        .insertInto('reviews')
        .values({
          order_id: req.orderId,
          store_id: req.storeId,
          user_id: req.buyerId,
          rating: req.rating,
          comment: req.comment,
          created_at: now,
          updated_at: now,
        })
        .execute();
      delta = req.rating;
      added = 1;
    }
    // the right-hand sides read the row before this update: the new sum and count are spelled out
    await trx
      .updateTable('stores')
      .set({
        rating_sum: sql<number>`rating_sum + ${delta}`,
        rating_count: sql<number>`rating_count + ${added}`,
        rating_tenths: sql<number>`cast(round((rating_sum + ${delta}) * 10.0 / (rating_count + ${added})) as integer)`,
      })
      .where('id', '=', req.storeId)
      .execute();
  });
}

/** Writes (or edits) the order's review and the store's aggregate. */
export async function rateOrder(db: Kysely<Database>, dialect: Dialect, req: RatingRequest): Promise<void> {
  try {
    await writeRating(db, dialect, req);
  } catch (err) {
    // another request rated the same order first: this one edits that review
    if (!isUniqueViolation(err)) throw err;
    await writeRating(db, dialect, req);
  }
}

/**
 * Sets a store's aggregate from its reviews (the demo seed writes reviews directly; tests compare
 * the incremental aggregate with it).
 */
export async function recomputeStoreRating(db: Kysely<Database>, storeId: number): Promise<void> {
  const agg = await db
    .selectFrom('reviews')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum<number | string | null>('rating').as('total')])
    .where('store_id', '=', storeId)
    .executeTakeFirstOrThrow();
  const count = toCount(agg.n as number);
  const sum = Number(agg.total ?? 0);
  await db
    .updateTable('stores')
    .set({ rating_sum: sum, rating_count: count, rating_tenths: count > 0 ? Math.round((sum * 10) / count) : 0 })
    .where('id', '=', storeId)
    .execute();
}
