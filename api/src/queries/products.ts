import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../db/create-db';
import type { Database } from '../db/types';
import { prepared, type PreparedQuery } from '../db/prepared';
import { type HitKind, hitKind, hitSql, hitValue } from '../search/search-text';
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

/** Which filters a product/getAll call uses and how its text query matches: one SQL text per shape. */
interface ListShape {
  store: boolean;
  type: boolean;
  hit: HitKind | null;
}

/** The bound values of a product/getAll query (those its shape does not use are ignored). */
interface ListValues {
  storeId: number;
  type: number;
  hit: string | string[];
}

const shapeOf = (dialect: Dialect, filter: ProductFilter): ListShape => ({
  store: filter.storeId !== undefined,
  type: filter.type !== undefined,
  hit: filter.query ? hitKind(dialect, filter.query) : null,
});

const valuesOf = (dialect: Dialect, filter: ProductFilter): ListValues => ({
  storeId: filter.storeId ?? 0,
  type: filter.type ?? 0,
  hit: filter.query ? hitValue(hitKind(dialect, filter.query), filter.query) : '',
});

/**
 * The rows product/getAll lists, as parts of a raw query: `id` to order and page by, `from`, and the
 * conditions. A text query alone is answered by the search index alone (on SQLite its rowids are
 * the product ids); with other filters the index drives a join to the products it names.
 */
function listSource(shape: ListShape, v: ListValues) {
  const conditions: RawBuilder<unknown>[] = [];
  if (shape.store) conditions.push(sql`products.store_id = ${v.storeId}`);
  if (shape.type) conditions.push(sql`products.type = ${v.type}`);
  if (!shape.hit) return { id: sql.raw('products.id'), from: sql.raw('products'), conditions };
  const hits = hitSql(shape.hit, 'products', v.hit);
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
    const s = listSource(shapeOf(dialect, filter), valuesOf(dialect, filter));
    const r = await sql<{ n: number | string }>`select count(*) as n from ${s.from} ${whereAll(s.conditions)}`.execute(
      db,
    );
    return Number(r.rows[0]?.n ?? 0);
  });
}

type PageValues = ListValues & { limit: number; offset: number };

/** One page of product/getAll per shape and scan order, compiled once (db/prepared). */
const pageQueries = new Map<string, PreparedQuery<Database, PageValues, ProductListRow>>();

function pageQuery(shape: ListShape, order: PageWindow['order']) {
  const key = `${shape.store}|${shape.type}|${shape.hit}|${order}`;
  let query = pageQueries.get(key);
  if (!query) {
    query = prepared((db: Kysely<Database>, p: PageValues) => {
      const s = listSource(shape, p);
      const ids = windowIds({ id: s.id, from: s.from, where: whereAll(s.conditions) }, order, p);
      return selectProducts(db).where('products.id', 'in', ids).orderBy('products.id', 'desc');
    });
    pageQueries.set(key, query);
  }
  return query;
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
    const query = pageQuery(shapeOf(dialect, filter), window.order);
    const values = { ...valuesOf(dialect, filter), limit: window.limit, offset: window.offset };
    return (await query.execute(db, values)).rows;
  };
  return { count, page };
}
