/**
 * Exact totals without counting (table_stats, migration 005), counts cached while a table does not
 * change, and pages read from the nearer end of a list (queries/counts.ts): product/getAll and
 * search must answer exactly what a plain count and OFFSET over the id order would.
 */
import { sql } from 'kysely';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { pageWindow } from '../src/queries/counts';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

type Counted = 'stores' | 'products' | 'posts';

async function stats(table: Counted) {
  const row = await t.db
    .selectFrom('table_stats')
    .selectAll()
    .where('table_name', '=', table)
    .executeTakeFirstOrThrow();
  return { rows: Number(row.row_count), version: Number(row.version) };
}

async function countOf(table: Counted): Promise<number> {
  const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(t.db);
  return Number(r.rows[0].n);
}

async function expectExact() {
  for (const table of ['stores', 'products', 'posts'] as const) {
    expect((await stats(table)).rows, table).toBe(await countOf(table));
  }
  const all = await request(t.app).get('/api/product/getAll');
  expect(all.body.data.total).toBe(await countOf('products'));
}

interface PagedBody {
  current_page: number;
  last_page: number;
  total: number;
  data: { id: number }[];
}
type Body = { data: PagedBody & Record<string, PagedBody> };

/** Every page of a paged GET until the last: the ids in order, and the totals seen. */
async function allPages(url: (page: number) => string, pick: (body: Body) => PagedBody = (b) => b.data) {
  const ids: number[] = [];
  const totals = new Set<number>();
  let lastPage = 1;
  for (let page = 1; page <= lastPage; page++) {
    const res = await request(t.app).get(url(page));
    expect(res.status).toBe(200);
    const paged = pick(res.body);
    expect(paged.current_page).toBe(page);
    totals.add(paged.total);
    lastPage = paged.last_page;
    ids.push(...paged.data.map((row) => row.id));
  }
  const beyond = pick((await request(t.app).get(url(lastPage + 1))).body);
  expect(beyond.data).toEqual([]);
  return { ids, totals: [...totals] };
}

describe('pageWindow', () => {
  it('selects the same rows as OFFSET over the newest-first order, from whichever end is nearer', () => {
    for (let total = 0; total <= 23; total++) {
      const newestFirst = Array.from({ length: total }, (_, i) => total - i);
      const ascending = [...newestFirst].reverse();
      for (let limit = 1; limit <= 7; limit++) {
        for (let offset = 0; offset <= total + limit; offset += limit) {
          const expected = newestFirst.slice(offset, offset + limit);
          const w = pageWindow(total, limit, offset);
          if (expected.length === 0) {
            expect(w).toBeNull();
            continue;
          }
          const source = w?.order === 'asc' ? ascending : newestFirst;
          const got = source.slice(w!.offset, w!.offset + w!.limit).sort((a, b) => b - a);
          expect(got, `total ${total} limit ${limit} offset ${offset}`).toEqual(expected);
          // the deeper half of the list is read backwards
          if (offset > total / 2 + limit) expect(w!.order).toBe('asc');
        }
      }
    }
  });
});

describe('table_stats', () => {
  it('keeps row counts exact through creates, updates, deletes and a store delete, moving the version each time', async () => {
    await expectExact();
    const me = await t.make.loginAs('store', { withStore: true });
    const store = me.store!;
    const before = await stats('products');
    const ids: number[] = [];
    for (const name of ['بذور فجل', 'بذور جزر', 'بذور لفت']) {
      const res = await request(t.app)
        .post('/api/product/create')
        .set(me.auth)
        .send({ name, type: 1, price: '2', is_special: false })
        .expect(200);
      ids.push(res.body.data.id);
    }
    expect((await stats('products')).rows).toBe(before.rows + 3);
    await expectExact();

    const v = (await stats('products')).version;
    await request(t.app)
      .post(`/api/product/update/${ids[0]}`)
      .set(me.auth)
      .send({ name: 'بذور فجل أحمر', type: 1, price: '2', is_special: false })
      .expect(200);
    expect((await stats('products')).version).toBeGreaterThan(v);
    expect((await stats('products')).rows).toBe(before.rows + 3);

    await request(t.app).post(`/api/product/delete/${ids[1]}`).set(me.auth).expect(200);
    expect((await stats('products')).rows).toBe(before.rows + 2);
    await expectExact();

    // deleting the store removes its products through the foreign key: the counters follow
    const other = await t.make.user({ type: 1 });
    const doomed = await t.make.store(other.id);
    for (let i = 0; i < 4; i++) await t.make.product(doomed.id, { name: `منتج زائل ${i}` });
    await t.make.post(other.id, { title: 'مقال زائل', description: 'نص' });
    await expectExact();
    const admin = await t.make.loginAs('admin');
    await request(t.app).post(`/api/store/delete/${doomed.id}`).set(admin.auth).expect(200);
    await expectExact();
    await t.db.deleteFrom('users').where('id', '=', other.id).execute();
    await expectExact();
    expect(store.id).toBeGreaterThan(0);
  });

  it('counts rows inserted and deleted many at a time', async () => {
    const owner = await t.make.user({ type: 1 });
    const store = await t.make.store(owner.id);
    const now = new Date().toISOString();
    await t.db
      .insertInto('products')
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          store_id: store.id,
          name: `دفعة ${i}`,
          type: 2,
          price_cents: 100,
          is_special: 0,
          search_text: `دفعه ${i}`,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await expectExact();
    const v = (await stats('products')).version;
    await t.db.updateTable('products').set({ price_cents: 200 }).where('store_id', '=', store.id).execute();
    expect((await stats('products')).version).toBeGreaterThan(v);
    await t.db.deleteFrom('products').where('store_id', '=', store.id).where('type', '=', 2).execute();
    await expectExact();
    // a statement that changes nothing leaves the counters as they were
    const still = await stats('products');
    await t.db.deleteFrom('products').where('id', '<', 0).execute();
    expect(await stats('products')).toEqual(still);
  });
});

describe('product/getAll totals and pages', () => {
  it('answers every filter with the exact total and every page, also right after writes', async () => {
    const owner = await t.make.user({ type: 1 });
    const store = await t.make.store(owner.id);
    const otherOwner = await t.make.user({ type: 1 });
    const otherStore = await t.make.store(otherOwner.id);
    for (let i = 0; i < 11; i++) {
      await t.make.product(i % 3 === 0 ? otherStore.id : store.id, {
        name: i % 2 ? `فلفل حلو ${i}` : `خيار ${i}`,
        type: i % 4,
      });
    }
    const filters: Record<string, string | number>[] = [
      {},
      { store_id: store.id },
      { type: 1 },
      { store_id: store.id, type: 1 },
      { q: 'فلفل' },
      { q: 'فلفل حلو' },
      { q: 'فل' },
      { q: 'فلفل', store_id: store.id },
      { q: 'فلفل', type: 1 },
      { q: 'فلفل', store_id: store.id, type: 3 },
      { q: 'غير موجود' },
    ];
    const expected = async (f: Record<string, string | number>) => {
      let q = t.db.selectFrom('products').select('id').orderBy('id', 'desc');
      if (f.store_id !== undefined) q = q.where('store_id', '=', Number(f.store_id));
      if (f.type !== undefined) q = q.where('type', '=', Number(f.type));
      if (f.q !== undefined) q = q.where('search_text', 'like', `%${f.q}%`);
      return (await q.execute()).map((r) => r.id);
    };
    const check = async () => {
      for (const f of filters) {
        const params = new URLSearchParams(Object.entries(f).map(([k, v]): [string, string] => [k, String(v)]));
        const want = await expected(f);
        const got = await allPages((page) => `/api/product/getAll?${params}&per_page=3&page_number=${page}`);
        expect(got.ids, JSON.stringify(f)).toEqual(want);
        expect(got.totals, JSON.stringify(f)).toEqual([want.length]);
      }
    };
    await check();
    // the cached counts follow writes: one more match, one changed, one fewer
    const added = await t.make.product(store.id, { name: 'فلفل حار', type: 1 });
    await check();
    await t.db.updateTable('products').set({ type: 3, search_text: 'خيار' }).where('id', '=', added.id).execute();
    await check();
    await t.db.deleteFrom('products').where('id', '=', added.id).execute();
    await check();
  });
});

describe('search totals and pages', () => {
  it('finds every hit once, newest first, with exact totals before and after writes', async () => {
    const owner = await t.make.user({ type: 1 });
    const store = await t.make.store(owner.id, { name_store: 'مشتل زعتر الجبل' });
    const made: number[] = [];
    for (let i = 0; i < 14; i++) made.push((await t.make.product(store.id, { name: `زعتر بري ${i}` })).id);
    for (let i = 0; i < 5; i++) await t.make.post(owner.id, { title: `زراعة الزعتر ${i}`, description: 'نص' });
    const url = (q: string) => (page: number) =>
      `/api/search?q=${encodeURIComponent(q)}&per_page=4&page_number=${page}`;
    const products = await allPages(url('زعتر بري'), (b) => b.data.products);
    expect(products.ids).toEqual([...made].reverse());
    expect(products.totals).toEqual([14]);
    const first = (await request(t.app).get(url('زعتر')(1))).body.data;
    expect(first.stores.total).toBe(1);
    expect(first.stores.data[0]).toMatchObject({ id: store.id, conversation_id: null });
    // a signed-in caller sees their conversation with the store
    const farmer = await t.make.loginAs('farmer');
    const conv = await t.make.conversation(farmer.user.id, store);
    const theirs = (await request(t.app).get(url('زعتر')(1)).set(farmer.auth)).body.data.stores.data[0];
    expect(theirs).toMatchObject({ id: store.id, conversation_id: conv.id, has_conversation_with_me: true });
    expect(first.posts.total).toBe(5);
    expect(first.products).toMatchObject({ total: 14, last_page: 4, per_page: 4 });
    const last = (await request(t.app).get(url('زعتر')(4))).body.data.products;
    expect(last.data.map((p: { id: number }) => p.id)).toEqual([made[1], made[0]]);

    await t.db.updateTable('products').set({ search_text: 'نعناع' }).where('id', '=', made[5]).execute();
    const afterUpdate = await allPages(url('زعتر بري'), (b) => b.data.products);
    expect(afterUpdate.ids).toEqual([...made].reverse().filter((id) => id !== made[5]));
    expect(afterUpdate.totals).toEqual([13]);
    await t.make.product(store.id, { name: 'زعتر بري جديد' });
    expect((await request(t.app).get(url('زعتر بري')(1))).body.data.products.total).toBe(14);
    await t.db.deleteFrom('posts').where('user_id', '=', owner.id).execute();
    expect((await request(t.app).get(url('زعتر')(1))).body.data.posts.total).toBe(0);
  });
});
