import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../db/create-db';
import type { Database } from '../db/types';
import { hitKind, hitSql, hitValue } from '../search/search-text';
import { cachedCount, type PageWindow, pageWindow, readTableStats, windowIds } from './counts';

export function selectProducts(db: Kysely<Database>) {
  return db
    .selectFrom('products')
    .innerJoin('stores', 'stores.id', 'products.store_id')
    .select([
      'products.id',
      'products.store_id',
      'products.name',
      'products.description',
      'products.type',
      'products.price_cents',
      'products.is_special',
      'products.image',
      'products.created_at',
      'products.updated_at',
      'stores.name_store as store_name',
      'stores.user_id as store_owner_id',
    ]);
}

export type ProductListRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['executeTakeFirstOrThrow']>>;

/** product/getAll's filters (all optional; `query` already normalised). */
export interface ProductFilter {
  storeId?: number;
  type?: number;
  query?: string;
}

/**
 * The rows product/getAll lists, as parts of a raw query: `id` to order and page by, `from`, and the
 * conditions. A text query alone is answered by the search index alone (on SQLite its rowids are
 * the product ids); with other filters the index drives a join to the products it names.
 */
function listSource(dialect: Dialect, filter: ProductFilter) {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.storeId !== undefined) conditions.push(sql`products.store_id = ${filter.storeId}`);
  if (filter.type !== undefined) conditions.push(sql`products.type = ${filter.type}`);
  if (!filter.query) return { id: sql.raw('products.id'), from: sql.raw('products'), conditions };
  const kind = hitKind(dialect, filter.query);
  const hits = hitSql(kind, 'products', hitValue(kind, filter.query));
  if (!hits.fts || conditions.length === 0) {
    return { id: hits.id, from: hits.from, conditions: [hits.where, ...conditions] };
  }
  return {
    id: hits.id,
    from: sql`${hits.from} join products on products.id = ${hits.id}`,
    conditions: [hits.where, ...conditions],
  };
}

const whereAll = (conditions: RawBuilder<unknown>[]) =>
  conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`;

async function countProducts(db: Kysely<Database>, dialect: Dialect, filter: ProductFilter): Promise<number> {
  const stats = (await readTableStats(db)).products;
  if (filter.storeId === undefined && filter.type === undefined && !filter.query) return stats.rows;
  const key = JSON.stringify([filter.storeId ?? null, filter.type ?? null, filter.query ?? null]);
  return cachedCount(db, 'products', stats, key, async () => {
    const s = listSource(dialect, filter);
    const r = await sql<{ n: number | string }>`select count(*) as n from ${s.from} ${whereAll(s.conditions)}`.execute(
      db,
    );
    return Number(r.rows[0]?.n ?? 0);
  });
}

/** One page of product/getAll in a scan order. */
function pageQuery(db: Kysely<Database>, dialect: Dialect, filter: ProductFilter, window: PageWindow) {
  const s = listSource(dialect, filter);
  const ids = windowIds({ id: s.id, from: s.from, where: whereAll(s.conditions) }, window.order, window);
  return selectProducts(db).where('products.id', 'in', ids).orderBy('products.id', 'desc');
}

/**
 * product/getAll: `count()` the exact total (table_stats' row count unfiltered, else a count cached
 * while products do not change: queries/counts.ts); `page(limit, offset)` one page of rows newest
 * first — the page's ids read from the nearer end of the list (deep pages skip the fewest rows),
 * then only those rows joined.
 */
export function productList(db: Kysely<Database>, dialect: Dialect, filter: ProductFilter) {
  let total: Promise<number> | undefined;
  const count = (): Promise<number> => {
    total ??= countProducts(db, dialect, filter);
    return total;
  };
  const page = async (limit: number, offset: number): Promise<ProductListRow[]> => {
    const window = pageWindow(await count(), limit, offset);
    if (!window) return [];
    return pageQuery(db, dialect, filter, window).execute();
  };
  return { count, page };
}
