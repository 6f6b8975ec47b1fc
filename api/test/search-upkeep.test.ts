/** SQLite: a fragmented FTS5 search index is merged into one segment at start (db/search-upkeep.ts). */
import { sql } from 'kysely';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApi } from '../src/app';
import { needsCompaction, searchIndexSegments } from '../src/db/search-upkeep';
import { useTestApi } from './helpers/test-api';

describe('needsCompaction', () => {
  it('leaves small and single-segment indexes alone, merges many segments or a large share outside the largest', () => {
    expect(needsCompaction([])).toBe(false);
    expect(needsCompaction([5000])).toBe(false);
    expect(needsCompaction([10, 10, 10])).toBe(false); // under 64 pages in all
    expect(needsCompaction([1000, 20, 20])).toBe(false);
    expect(needsCompaction([1000, 200])).toBe(true);
    expect(needsCompaction([1000, ...Array(8).fill(1)])).toBe(true);
  });
});

describe.skipIf(process.env.TEST_DATABASE_URL_BASE)('search index upkeep at start (SQLite)', () => {
  const t = useTestApi();

  it('merges a fragmented index into one segment, with the same search answers', async () => {
    const owner = await t.make.user({ type: 1 });
    const store = await t.make.store(owner.id);
    // one segment per write: FTS5's own merging off for this table
    await sql`insert into products_fts(products_fts, rank) values ('automerge', 0)`.execute(t.db);
    await sql`insert into products_fts(products_fts, rank) values ('crisismerge', 200)`.execute(t.db);
    for (let i = 0; i < 80; i++)
      await t.make.product(store.id, { name: `شتلة ليمون ${i}`, description: `صنف ${i * 7}` });
    await sql`insert into products_fts(products_fts, rank) values ('automerge', 4)`.execute(t.db);
    await sql`insert into products_fts(products_fts, rank) values ('crisismerge', 16)`.execute(t.db);
    const before = await searchIndexSegments(t.db, 'products');
    expect(before.length).toBeGreaterThanOrEqual(80);
    expect(needsCompaction(before)).toBe(true);
    const answer = async (app: typeof t.app, q: string) =>
      (await request(app).get(`/api/search?q=${encodeURIComponent(q)}&per_page=50`)).body.data.products;
    const broad = await answer(t.app, 'ليمون');
    const narrow = await answer(t.app, 'ليمون 42');
    expect(broad.total).toBe(80);

    // another start over the same file compacts it
    const again = await createApi(t.config);
    try {
      expect(await searchIndexSegments(again.db, 'products')).toHaveLength(1);
      expect(await answer(again.app, 'ليمون')).toEqual(broad);
      expect(await answer(again.app, 'ليمون 42')).toEqual(narrow);
      await sql`insert into products_fts(products_fts) values ('integrity-check')`.execute(again.db);
    } finally {
      await again.close();
    }
  });
});
