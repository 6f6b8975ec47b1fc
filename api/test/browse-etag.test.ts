/**
 * The browse calls as conditional GETs (http/browse.ts, CONTRACT.md §7): a strong ETag from the
 * versions of the tables each answer reads plus its URL, 304 without running the call's query,
 * no ETag (and no shared copy) where the answer depends on a signed-in caller, writes to those
 * tables moving the ETag while a chat message, an order or a login moves none, and a second API
 * process on the same database following the first's writes without any channel between them.
 */
import fc from 'fast-check';
import request from 'supertest';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTableVersions } from '../src/queries/counts';
import type { SignedIn } from './helpers/factories';
import { createTestApi, type TestApi, useTestApi } from './helpers/test-api';

const t = useTestApi();

interface World {
  farmer: SignedIn;
  owner: SignedIn & { store: NonNullable<Awaited<ReturnType<TestApi['make']['loginAs']>>['store']> };
  productId: number;
  postId: number;
}
let w: World;

/** Every browse call of the contract, as a visitor would request it. */
const browseUrls = () => [
  '/api/store/getAll?page_number=1',
  '/api/store/get-By-city?city=1',
  `/api/store/get/${w.owner.store.id}`,
  `/api/store/get-page/${w.owner.store.id}`,
  '/api/product/getAll?page_number=1',
  `/api/product/get/${w.productId}`,
  '/api/post/getAll',
  `/api/post/get/${w.postId}`,
  `/api/search?q=${encodeURIComponent('سماد')}`,
];

const get = (url: string, headers: Record<string, string> = {}) => request(t.app).get(url).set(headers);

async function etags(urls = browseUrls()): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const url of urls) {
    const res = await get(url);
    expect(res.status, url).toBe(200);
    out[url] = res.headers.etag;
  }
  return out;
}

beforeAll(async () => {
  const farmer = await t.make.loginAs('farmer');
  const owner = await t.make.loginAs('store');
  const product = await t.make.product(owner.store!.id, { name: 'سماد يوريا' });
  const post = await t.make.post(owner.user.id, { title: 'سماد الربيع' });
  w = { farmer, owner: owner as World['owner'], productId: product.id, postId: post.id };
});

describe('browse calls: ETag and 304', () => {
  it('answer with a strong ETag, public revalidation and Vary: Accept-Encoding', async () => {
    for (const url of browseUrls()) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.etag, url).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
      expect(res.headers['cache-control'], url).toBe('public, max-age=0, must-revalidate');
      expect(res.headers.vary, url).toMatch(/Accept-Encoding/i);
      expect(res.body.status).toBe(200);
    }
  });

  it('answer a matching If-None-Match with 304 and no body; another ETag gets the answer', async () => {
    for (const url of browseUrls()) {
      const first = await get(url);
      const again = await get(url, { 'If-None-Match': first.headers.etag });
      expect(again.status, url).toBe(304);
      expect(again.text, url).toBe('');
      expect(again.headers.etag).toBe(first.headers.etag);
      // weak comparison (RFC 9110) and lists of validators
      expect((await get(url, { 'If-None-Match': `"x", W/${first.headers.etag}` })).status, url).toBe(304);
      // what browsers' fetch and XHR send with their own If-None-Match: the validator still decides
      expect((await get(url, { 'If-None-Match': first.headers.etag, 'Cache-Control': 'no-cache' })).status, url).toBe(
        304,
      );
      expect((await get(url, { 'If-None-Match': '*' })).status, url).toBe(304);
      const other = await get(url, { 'If-None-Match': '"something-else"' });
      expect(other.status, url).toBe(200);
      expect(other.body).toEqual(first.body);
    }
  });

  it('give each URL its own ETag, the same for the same query in another order or letter case', async () => {
    const all = Object.values(await etags());
    expect(new Set(all).size).toBe(all.length);
    const a = await get('/api/product/getAll?page_number=1&per_page=5');
    const b = await get('/api/product/getAll?per_page=5&page_number=1');
    const c = await get('/api/Product/getAll?per_page=5&page_number=%31');
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(c.headers.etag).toBe(a.headers.etag);
    expect((await get('/api/product/getAll?page_number=2&per_page=5')).headers.etag).not.toBe(a.headers.etag);
  });

  it('give another ETag per Accept-Encoding (the bytes differ when compressed)', async () => {
    const gzip = await get('/api/store/getAll', { 'Accept-Encoding': 'gzip' });
    const identity = await get('/api/store/getAll', { 'Accept-Encoding': 'identity' });
    expect(gzip.headers.etag).not.toBe(identity.headers.etag);
    expect(
      (await get('/api/store/getAll', { 'Accept-Encoding': 'gzip', 'If-None-Match': gzip.headers.etag })).status,
    ).toBe(304);
  });

  it('answer 304 without running the call’s query (only the versions are read)', async () => {
    // an API of its own: its products table is renamed under it, so any product query would fail
    const other = await createTestApi();
    try {
      const owner = await other.make.loginAs('store');
      const product = await other.make.product(owner.store!.id);
      const urls = ['/api/product/getAll', `/api/product/get/${product.id}`];
      const tags = await Promise.all(urls.map(async (url) => (await request(other.app).get(url)).headers.etag));
      await sql`alter table products rename to products_away`.execute(other.db);
      try {
        for (const [i, url] of urls.entries()) {
          expect((await request(other.app).get(url).set('If-None-Match', tags[i])).status, url).toBe(304);
          // the proof that the query would have failed: without the validator the call runs it
          const ran = await request(other.app).get(`${url}${url.includes('?') ? '&' : '?'}x=1`);
          expect(ran.status, url).toBe(500);
        }
      } finally {
        await sql`alter table products_away rename to products`.execute(other.db);
      }
    } finally {
      await other.close();
    }
  });

  it('send no ETag with a refusal (an unknown store, a bad query)', async () => {
    for (const url of ['/api/store/get/999999', '/api/product/getAll?page_number=x', '/api/search?q=']) {
      const res = await get(url);
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.headers.etag, url).toBeUndefined();
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('browse calls with odd URLs', () => {
  it('never answer 500; a 200 always has its ETag, a refusal none', async () => {
    const paths = () => browseUrls().map((u) => u.split('?')[0]);
    const queryPart = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }).map(encodeURIComponent),
      fc.constantFrom('%', '%E0%A4%A', '%00', '&&', '=', 'q', 'page_number=٢', 'per_page=-1', 'city=٠', 'q=%25'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths()),
        fc.array(fc.tuple(queryPart, queryPart), { maxLength: 4 }),
        fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
        async (path, pairs, inm) => {
          const query = pairs.map(([k, v]) => `${k}=${v}`.replace(/[#\s]/g, '')).join('&');
          const r = request(t.app).get(`${path}?${query}`);
          if (inm !== undefined) r.set('If-None-Match', inm.replace(/[^\x20-\x7e]/g, ''));
          const res = await r;
          expect(res.status, `${path}?${query}`).toBeLessThan(500);
          if (res.status === 200) expect(res.headers.etag).toBeDefined();
          if (res.status >= 400) expect(res.headers.etag).toBeUndefined();
        },
      ),
      { numRuns: Number(process.env.FC_RUNS ?? 60) },
    );
  });
});

describe('browse calls for signed-in callers', () => {
  it('store answers depend on the caller: private, no-store, no ETag, and their own conversation shown', async () => {
    await t.make.conversation(w.farmer.user.id, w.owner.store);
    for (const url of browseUrls().filter((u) => /\/store\/|\/search/.test(u))) {
      const res = await get(url, w.farmer.auth);
      expect(res.status, url).toBe(200);
      expect(res.headers.etag, url).toBeUndefined();
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    const mine = await get(`/api/store/get/${w.owner.store.id}`, w.farmer.auth);
    expect(mine.body.data.has_conversation_with_me).toBe(true);
    // the visitor's copy was not given to the farmer, nor the farmer's to the visitor
    const visitor = await get(`/api/store/get/${w.owner.store.id}`);
    expect(visitor.body.data.has_conversation_with_me).toBe(false);
    expect(visitor.body.data.owner.phone).toBeUndefined();
    expect((await get(`/api/store/get/${w.owner.store.id}`, w.owner.auth)).body.data.owner.phone).toBe(
      w.owner.user.phone,
    );
  });

  it('product and article answers are the same for everyone: the ETag a visitor gets', async () => {
    for (const url of browseUrls().filter((u) => /\/(product|post)\//.test(u))) {
      const visitor = await get(url);
      const farmer = await get(url, w.farmer.auth);
      expect(farmer.headers.etag, url).toBe(visitor.headers.etag);
      expect(farmer.body).toEqual(visitor.body);
      expect((await get(url, { ...w.farmer.auth, 'If-None-Match': visitor.headers.etag })).status, url).toBe(304);
    }
  });

  it('an unknown token is answered as a visitor, with the shared answer', async () => {
    const url = `/api/store/get/${w.owner.store.id}`;
    const visitor = await get(url);
    const stale = await get(url, { Authorization: 'Bearer not-a-token' });
    expect(stale.headers.etag).toBe(visitor.headers.etag);
  });
});

describe('what moves a browse ETag', () => {
  it('a product write moves the product, store and search answers, not the articles', async () => {
    const before = await etags();
    const res = await request(t.app)
      .post('/api/product/create')
      .set(w.owner.auth)
      .send({ name: 'سماد جديد', type: 3, price: '2.50', is_special: false });
    expect(res.status).toBe(200);
    const after = await etags();
    for (const url of browseUrls()) {
      if (/\/post\//.test(url)) expect(after[url], url).toBe(before[url]);
      else expect(after[url], url).not.toBe(before[url]);
    }
    const list = await get('/api/product/getAll?page_number=1', {
      'If-None-Match': before['/api/product/getAll?page_number=1'],
    });
    expect(list.status).toBe(200);
    expect(list.body.data.data.map((p: { id: number }) => p.id)).toContain(res.body.data.id);
  });

  it("a change of a store owner's or author's name or status moves the answers that show users", async () => {
    const admin = await t.make.loginAs('admin');
    const before = await etags();
    const renamed = await request(t.app)
      .post(`/api/user/update/${w.owner.user.id}`)
      .set(w.owner.auth)
      .send({ name: 'صيدلية الاسم الجديد' });
    expect(renamed.status).toBe(200);
    const after = await etags();
    for (const url of browseUrls()) {
      if (/\/product\//.test(url)) expect(after[url], url).toBe(before[url]);
      else expect(after[url], url).not.toBe(before[url]);
    }
    expect((await get(`/api/post/get/${w.postId}`)).body.data.author.name).toBe('صيدلية الاسم الجديد');
    const disabled = await request(t.app)
      .post(`/api/user/update/${w.owner.user.id}`)
      .set(admin.auth)
      .send({ status: 1 });
    expect(disabled.status).toBe(200);
    expect((await etags())[`/api/post/get/${w.postId}`]).not.toBe(after[`/api/post/get/${w.postId}`]);
    await request(t.app).post(`/api/user/update/${w.owner.user.id}`).set(admin.auth).send({ status: 0 });
  });

  it('a chat message, an order, a login, an address change and a registration move none', async () => {
    const buyer = await t.make.loginAs('farmer');
    const conversation = await t.make.conversation(buyer.user.id, w.owner.store);
    const before = await etags();
    const message = await request(t.app)
      .post('/api/message/create')
      .set(buyer.auth)
      .send({ conversation_id: conversation.id, message: 'مرحبا' });
    expect(message.status).toBe(200);
    const order = await request(t.app)
      .post('/api/order/create')
      .set(buyer.auth)
      .send({
        store_id: w.owner.store.id,
        total: '12.50',
        items: [{ product_id: w.productId, quantity: 1 }],
        delivery: { province: 2, address: 'حلب، الجميلية', phone: '0944000222' },
      });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const user = await t.make.user();
    expect(
      (await request(t.app).post('/api/auth/login').send({ phone: user.phone, password: 'secret123' })).status,
    ).toBe(200);
    const address = await request(t.app)
      .post(`/api/user/update/${buyer.user.id}`)
      .set(buyer.auth)
      .send({ address: 'ريف دمشق' });
    expect(address.status).toBe(200);
    await t.make.user();
    expect(await etags()).toEqual(before);
  });
});

describe('several API processes on one database', () => {
  let second: TestApi;
  beforeAll(async () => {
    second = await createTestApi({ database: t.config.database });
  });
  afterAll(async () => {
    await second.close();
  });

  it('each follows the other’s writes at once, with no channel between them', async () => {
    const url = `/api/product/getAll?store_id=${w.owner.store.id}&per_page=50`;
    const before = await request(second.app).get(url);
    expect((await request(second.app).get(url)).body).toEqual(before.body); // now kept in the second's memory
    const made = await request(t.app)
      .post('/api/product/create')
      .set(w.owner.auth)
      .send({ name: 'منتج من العملية الأولى', type: 0, price: '1.00', is_special: false });
    expect(made.status).toBe(200);
    const after = await request(second.app).get(url).set('If-None-Match', before.headers.etag);
    expect(after.status).toBe(200);
    expect(after.body.data.total).toBe(before.body.data.total + 1);
    expect(after.headers.etag).toBe((await get(url)).headers.etag);
    await request(second.app).post(`/api/product/delete/${made.body.data.id}`).set(w.owner.auth);
    expect((await get(url)).body.data.total).toBe(before.body.data.total);
  });
});

describe('table versions (migrations 005 and 008)', () => {
  it("users' version moves on a name or status change and a delete, not on other columns or a new user", async () => {
    const user = await t.make.user({ name: 'قبل' });
    const v0 = await readTableVersions(t.db);
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('table_stats')
            .select('row_count')
            .where('table_name', '=', 'users')
            .executeTakeFirstOrThrow()
        ).row_count,
      );
    const users = async () =>
      Number(
        (
          await t.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(await users());

    await t.db
      .updateTable('users')
      .set({ address: 'حمص', updated_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute();
    await t.db.updateTable('users').set({ name: 'قبل' }).where('id', '=', user.id).execute(); // same value
    await t.make.user();
    const v1 = await readTableVersions(t.db);
    expect(v1.users).toBe(v0.users);
    expect(await count()).toBe(await users());

    await t.db.updateTable('users').set({ name: 'بعد' }).where('id', '=', user.id).execute();
    const v2 = await readTableVersions(t.db);
    expect(v2.users).toBeGreaterThan(v1.users);
    await t.db.updateTable('users').set({ status: 1 }).where('id', '=', user.id).execute();
    const v3 = await readTableVersions(t.db);
    expect(v3.users).toBeGreaterThan(v2.users);
    await t.db.deleteFrom('users').where('id', '=', user.id).execute();
    const v4 = await readTableVersions(t.db);
    expect(v4.users).toBeGreaterThan(v3.users);
    expect(await count()).toBe(await users());
    expect({ stores: v4.stores, products: v4.products, posts: v4.posts }).toEqual({
      stores: v0.stores,
      products: v0.products,
      posts: v0.posts,
    });
  });
});
