/**
 * GET search's hits in stores, products and posts: `count(table)` the exact number (cached while the
 * table does not change: queries/counts.ts), and one page of rows per table, newest first — the
 * page's ids read from the nearer end of the hits once the count is known (no query at all past
 * the end), then only those rows joined.
 */
import { type Compilable, type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../db/create-db';
import type { SearchableTable } from '../db/migrations/002-search-index';
import type { Database } from '../db/types';
import { countMatches, type HitKind, hitKind, hitSql, hitValue } from '../search/search-text';
import { cachedCount, type PageWindow, pageWindow, readTableStats, windowIds } from './counts';
import { type PostListRow, selectPosts } from './posts';
import { type ProductListRow, selectProducts } from './products';
import { selectStores, type StoreListRow } from './stores';

interface PageValues {
  hit: string | string[];
  /** The caller (their conversation with each store), 0 when signed out. */
  viewerId: number;
  limit: number;
  offset: number;
}

/** The page query of one table for a kind of match and scan order. */
function pageQuery<O>(
  table: SearchableTable,
  rows: (db: Kysely<Database>, p: PageValues, ids: RawBuilder<number>) => Compilable<O>,
) {
  return (db: Kysely<Database>, kind: HitKind, order: PageWindow['order'], p: PageValues) => {
    const s = hitSql(kind, table, p.hit);
    return rows(db, p, windowIds({ id: s.id, from: s.from, where: sql`where ${s.where}` }, order, p));
  };
}

const storePage = pageQuery('stores', (db, p, ids) =>
  selectStores(db, p.viewerId).where('stores.id', 'in', ids).orderBy('stores.id', 'desc'),
);
const productPage = pageQuery('products', (db, _p, ids) =>
  selectProducts(db).where('products.id', 'in', ids).orderBy('products.id', 'desc'),
);
const postPage = pageQuery('posts', (db, _p, ids) =>
  selectPosts(db).where('posts.id', 'in', ids).orderBy('posts.id', 'desc'),
);

/** The hits of the (normalised) `query`, for the caller `viewerId` (undefined when signed out). */
export function searchHits(db: Kysely<Database>, dialect: Dialect, query: string, viewerId: number | undefined) {
  const stats = readTableStats(db);
  const kind = hitKind(dialect, query);
  const hit = hitValue(kind, query);
  const totals = new Map<SearchableTable, Promise<number>>();
  const count = (table: SearchableTable): Promise<number> => {
    let total = totals.get(table);
    if (!total) {
      total = stats.then((s) =>
        cachedCount(db, table, s[table], `search\u0000${query}`, () => countMatches(db, dialect, table, query)),
      );
      totals.set(table, total);
    }
    return total;
  };
  const page =
    <O>(table: SearchableTable, query: ReturnType<typeof pageQuery<O>>) =>
    async (limit: number, offset: number): Promise<O[]> => {
      const window = pageWindow(await count(table), limit, offset);
      if (!window) return [];
      const values = { hit, viewerId: viewerId ?? 0, limit: window.limit, offset: window.offset };
      return (await db.executeQuery(query(db, kind, window.order, values).compile())).rows;
    };
  return {
    count,
    stores: page<StoreListRow>('stores', storePage),
    products: page<ProductListRow>('products', productPage),
    posts: page<PostListRow>('posts', postPage),
  };
}
