/**
 * Ratings and verified stores (CONTRACT.md §7): order/rate/{id} by the buyer of a completed order
 * (a second call edits), the store's rating_avg / rating_count kept on its row, store/reviews/{id},
 * `sort=rating` on the store lists, and `verified` set by the admin alone.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/time';
import type { StoreRow } from '../src/db/types';
import { recomputeStoreRating } from '../src/services/orders-rating';
import { ACTIVITY_STALE_MS } from '../src/services/store-hours';
import type { SignedIn } from './helpers/factories';
import { expectRefusal } from './helpers/envelope';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

/** An order of `buyer` at `store` written straight into the database (status 1: completed). */
async function orderAt(store: StoreRow, buyerId: number, status = 1) {
  const now = nowIso();
  const row = await t.db
    .insertInto('orders')
    .values({
      user_id: buyerId,
      store_id: store.id,
      total_cents: 1250,
      status,
      client_id: null,
      delivery_province: 1,
      delivery_address: 'دمشق، المزة',
      delivery_phone: '0944000111',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('order_items')
    .values({ order_id: row.id, product_id: null, name: 'سماد', price_cents: 1250, quantity: 1 })
    .execute();
  return row.id;
}

const rate = (who: SignedIn | undefined, orderId: number | string, body: Record<string, unknown>) => {
  const req = request(t.app).post(`/api/order/rate/${orderId}`);
  return who ? req.set(who.auth).send(body) : req.send(body);
};

const storeJson = async (id: number) => (await request(t.app).get(`/api/store/get/${id}`)).body.data;

const storeRow = (id: number) => t.db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function reviewRows() {
  return JSON.stringify(await t.db.selectFrom('reviews').selectAll().orderBy('id').execute());
}

describe('order/rate/{id}', () => {
  it('requires authentication', async () => {
    const res = await rate(undefined, 1, { rating: 5 });
    expectRefusal(res, 'unauthenticated');
  });

  it('lets the buyer rate a completed order, returns the order with its review, and edits on a second call', async () => {
    const owner = await t.make.loginAs('store');
    const farmer = await t.make.loginAs('farmer');
    const id = await orderAt(owner.store!, farmer.user.id);
    expect((await storeJson(owner.store!.id)).rating_avg).toBeNull();

    const first = await rate(farmer, id, { rating: '٤', comment: '  منتج جيد  ' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id, review: { rating: 4, comment: 'منتج جيد' } });
    expect(await storeJson(owner.store!.id)).toMatchObject({ rating_avg: 4, rating_count: 1 });

    const edited = await rate(farmer, id, { rating: 2 });
    expect(edited.status).toBe(200);
    expect(edited.body.data.review).toMatchObject({ rating: 2, comment: null });
    expect(await storeJson(owner.store!.id)).toMatchObject({ rating_avg: 2, rating_count: 1 });
    expect(await t.db.selectFrom('reviews').select('id').where('order_id', '=', id).execute()).toHaveLength(1);

    // the store sees it with the order too
    const seen = await request(t.app).get(`/api/order/get/${id}`).set(owner.auth);
    expect(seen.body.data.review).toMatchObject({ rating: 2, comment: null });
  });

  it('is 403 for anyone but the buyer (the store, the admin, another farmer), and nothing is saved', async () => {
    const owner = await t.make.loginAs('store');
    const farmer = await t.make.loginAs('farmer');
    const id = await orderAt(owner.store!, farmer.user.id);
    const before = await reviewRows();
    for (const who of [owner, await t.make.loginAs('admin'), await t.make.loginAs('farmer')]) {
      const res = await rate(who, id, { rating: 5 });
      expectRefusal(res, 'forbidden');
    }
    expect(await reviewRows()).toBe(before);
    expect(await storeJson(owner.store!.id)).toMatchObject({ rating_avg: null, rating_count: 0 });
  });

  it('is 422 on an order in progress or rejected, 404 on an unknown order', async () => {
    const owner = await t.make.loginAs('store');
    const farmer = await t.make.loginAs('farmer');
    const before = await reviewRows();
    for (const status of [0, 2]) {
      const id = await orderAt(owner.store!, farmer.user.id, status);
      const res = await rate(farmer, id, { rating: 5 });
      expectRefusal(res, 'validation_failed');
      expect(res.body.error.fields).toEqual({ rating: 'يمكن تقييم الطلب بعد اكتماله فقط' });
    }
    expect(await reviewRows()).toBe(before);
    expectRefusal(await rate(farmer, 999_999, { rating: 5 }), 'not_found');
    expectRefusal(await rate(farmer, 'abc', { rating: 5 }), 'not_found');
  });

  it('is 422 with field messages for a bad rating or comment; Arabic-Indic and Persian digits are accepted', async () => {
    const owner = await t.make.loginAs('store');
    const farmer = await t.make.loginAs('farmer');
    const id = await orderAt(owner.store!, farmer.user.id);
    const before = await reviewRows();
    const range = 'التقييم عدد صحيح من 1 إلى 5';
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { rating: 'هذا الحقل مطلوب' }],
      [{ rating: 0 }, { rating: range }],
      [{ rating: 6 }, { rating: range }],
      [{ rating: '٤٫٥' }, { rating: range }],
      [{ rating: 'ممتاز' }, { rating: 'يجب أن يكون رقماً' }],
      [{ rating: [5] }, { rating: 'قيمة غير صالحة' }],
      [{ rating: 5, comment: 'ت'.repeat(1001) }, { comment: 'النص طويل جداً' }],
      [{ rating: 5, comment: { text: 'x' } }, { comment: 'قيمة غير صالحة' }],
    ];
    for (const [body, fields] of cases) {
      const res = await rate(farmer, id, body);
      expectRefusal(res, 'validation_failed');
      expect(res.body.error.fields, JSON.stringify(body)).toEqual(fields);
    }
    expect(await reviewRows()).toBe(before);
    // the path id in Arabic-Indic digits, the rating in Persian ones
    const arabicId = String(id).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]);
    const ok = await rate(farmer, arabicId, { rating: '۵' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.review.rating).toBe(5);
  });

  it('is 422 when the store was deleted after the order', async () => {
    const owner = await t.make.loginAs('store');
    const farmer = await t.make.loginAs('farmer');
    const id = await orderAt(owner.store!, farmer.user.id);
    await t.db.deleteFrom('stores').where('id', '=', owner.store!.id).execute();
    const res = await rate(farmer, id, { rating: 5 });
    expectRefusal(res, 'validation_failed');
    expect(res.body.error.message).toBe('هذا المتجر لم يعد موجوداً');
  });

  it('keeps the average with one decimal and the count on the store row, equal to a recount (also under concurrent ratings)', async () => {
    const owner = await t.make.loginAs('store');
    const buyers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => t.make.loginAs('farmer')));
    const orders = await Promise.all(buyers.map((b) => orderAt(owner.store!, b.user.id)));
    const ratings = [5, 4, 4, 3, 5, 1];
    const answers = await Promise.all(orders.map((id, i) => rate(buyers[i], id, { rating: ratings[i] })));
    expect(answers.map((r) => r.status)).toEqual(ratings.map(() => 200));
    // 22 / 6 = 3.666… → 3.7
    expect(await storeJson(owner.store!.id)).toMatchObject({ rating_avg: 3.7, rating_count: 6 });
    // edits at once as well
    await Promise.all(orders.map((id, i) => rate(buyers[i], id, { rating: 6 - ratings[i] })));
    // 14 / 6 = 2.333… → 2.3
    expect(await storeJson(owner.store!.id)).toMatchObject({ rating_avg: 2.3, rating_count: 6 });
    const kept = await storeRow(owner.store!.id);
    await recomputeStoreRating(t.db, owner.store!.id);
    const recount = await storeRow(owner.store!.id);
    expect([kept.rating_sum, kept.rating_count, kept.rating_tenths]).toEqual([
      recount.rating_sum,
      recount.rating_count,
      recount.rating_tenths,
    ]);
    expect(recount).toMatchObject({ rating_sum: 14, rating_count: 6, rating_tenths: 23 });
  });

  it('rounds to one decimal, halves up: 4 and 5 → 4.5; 4, 4, 4, 5 (4.25) → 4.3; 3, 4, 4, 4 (3.75) → 3.8', async () => {
    for (const [ratings, avg] of [
      [[4, 5], 4.5],
      [[4, 4, 4, 5], 4.3],
      [[3, 4, 4, 4], 3.8],
    ] as const) {
      const owner = await t.make.loginAs('store');
      for (const r of ratings) {
        const buyer = await t.make.loginAs('farmer');
        expect((await rate(buyer, await orderAt(owner.store!, buyer.user.id), { rating: r })).status).toBe(200);
      }
      expect((await storeJson(owner.store!.id)).rating_avg).toBe(avg);
    }
  });

  it('settles two first ratings of one order at once into one review', async () => {
    const owner = await t.make.loginAs('store');
    const farmer = await t.make.loginAs('farmer');
    const id = await orderAt(owner.store!, farmer.user.id);
    const answers = await Promise.all([rate(farmer, id, { rating: 5 }), rate(farmer, id, { rating: 3 })]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const rows = await t.db.selectFrom('reviews').selectAll().where('order_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(await storeJson(owner.store!.id)).toMatchObject({ rating_count: 1, rating_avg: rows[0].rating });
  });

  it('changes the ETag of the store lists, the store and its reviews with every review write', async () => {
    const owner = await t.make.loginAs('store');
    const farmer = await t.make.loginAs('farmer');
    const id = await orderAt(owner.store!, farmer.user.id);
    const urls = [
      `/api/store/get-By-city?city=${owner.store!.city}&per_page=50`,
      '/api/store/getAll?sort=rating&per_page=50',
      `/api/store/get/${owner.store!.id}`,
      `/api/store/reviews/${owner.store!.id}`,
    ];
    const etagsNow = () => Promise.all(urls.map(async (url) => (await request(t.app).get(url)).headers.etag as string));
    // The store lists' ETag also names the clock's 5-minute slot of the chat activity (services/store-hours.ts):
    // read again if a slot boundary passed between the readings (it once did, and a 304 became a 200).
    const slot = () => Math.floor(Date.now() / ACTIVITY_STALE_MS);
    let before: string[] = [];
    let unchanged: number[] = [];
    for (let from = -1; from !== slot(); ) {
      from = slot();
      before = await etagsNow();
      unchanged = await Promise.all(
        urls.map(async (url, i) => (await request(t.app).get(url).set('If-None-Match', before[i])).status),
      );
    }
    for (const [i, url] of urls.entries()) {
      expect(before[i], url).toBeTruthy();
      expect(unchanged[i], url).toBe(304);
    }
    await rate(farmer, id, { rating: 5 });
    for (const [i, url] of urls.entries()) {
      const res = await request(t.app).get(url).set('If-None-Match', before[i]);
      expect(res.status, url).toBe(200);
      expect(res.headers.etag, url).not.toBe(before[i]);
    }
    const store = (await request(t.app).get(urls[0])).body.data.data.find(
      (s: { id: number }) => s.id === owner.store!.id,
    );
    expect(store).toMatchObject({ rating_avg: 5, rating_count: 1 });
    // an edit too
    const rated = await etagsNow();
    await rate(farmer, id, { rating: 3, comment: 'تعديل' });
    for (const [i, url] of urls.entries()) {
      expect((await request(t.app).get(url).set('If-None-Match', rated[i])).status, url).toBe(200);
    }
    expect((await request(t.app).get(urls[2])).body.data.rating_avg).toBe(3);
    expect((await request(t.app).get(urls[3])).body.data.data[0]).toMatchObject({ rating: 3, comment: 'تعديل' });
  });
});

describe('store/reviews/{id}', () => {
  it('lists the reviews newest first, paged, with the reviewer name only; anyone may read it', async () => {
    const owner = await t.make.loginAs('store');
    const names = ['أحمد', 'سلمى', 'خالد'];
    const ids: number[] = [];
    for (const [i, name] of names.entries()) {
      const buyer = await t.make.signIn(await t.make.user({ name }));
      const orderId = await orderAt(owner.store!, buyer.user.id);
      ids.push(orderId);
      await rate(buyer, orderId, { rating: 3 + i, comment: i === 1 ? null : `تعليق ${i}` });
    }
    const page1 = await request(t.app).get(`/api/store/reviews/${owner.store!.id}?per_page=2`);
    expect(page1.status).toBe(200);
    expect(page1.body.data).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(page1.body.data.data.map((r: { user: { name: string } }) => r.user.name)).toEqual(['خالد', 'سلمى']);
    const [first] = page1.body.data.data;
    expect(Object.keys(first).sort()).toEqual(['comment', 'created_at', 'id', 'rating', 'updated_at', 'user']);
    expect(first).toMatchObject({ rating: 5, comment: 'تعليق 2', user: { name: 'خالد' } });
    expect(first.user).toEqual({ name: 'خالد' });
    expect(Number.isNaN(Date.parse(first.created_at))).toBe(false);
    expect(page1.body.data.data[1].comment).toBeNull();

    const page2 = await request(t.app).get(`/api/store/reviews/${owner.store!.id}?per_page=2&page_number=٢`);
    expect(page2.body.data.data.map((r: { rating: number }) => r.rating)).toEqual([3]);
    // signed in, the same list
    const signed = await request(t.app).get(`/api/store/reviews/${owner.store!.id}?per_page=2`).set(owner.auth);
    expect(signed.body.data.data).toEqual(page1.body.data.data);
  });

  it('is an empty page for a store without reviews, 404 for an unknown store, 422 for a bad page', async () => {
    const owner = await t.make.loginAs('store');
    const empty = await request(t.app).get(`/api/store/reviews/${owner.store!.id}`);
    expect(empty.body.data).toMatchObject({ total: 0, data: [], last_page: 1 });
    expectRefusal(await request(t.app).get('/api/store/reviews/999999'), 'not_found');
    expectRefusal(await request(t.app).get('/api/store/reviews/abc'), 'not_found');
    expectRefusal(await request(t.app).get(`/api/store/reviews/${owner.store!.id}?page_number=x`), 'validation_failed');
  });
});

describe('sort=rating on the store lists', () => {
  it('orders best first, then by review count, then newest; unrated last; other lists stay newest first', async () => {
    // a province of their own, so other tests' stores stay out
    const city = 9;
    const make = async (ratings: number[]) => {
      const owner = await t.make.loginAs('store', { withStore: false });
      const store = await t.make.store(owner.user.id, { city, type: 0 });
      for (const r of ratings) {
        const buyer = await t.make.loginAs('farmer');
        expect((await rate(buyer, await orderAt(store, buyer.user.id), { rating: r })).status).toBe(200);
      }
      return store.id;
    };
    const unratedOld = await make([]);
    const four = await make([4]);
    const fourTwice = await make([4, 4]);
    const five = await make([5]);
    const fourAgain = await make([4]);
    const unratedNew = await make([]);
    const low = await make([1, 2]);

    const expected = [five, fourTwice, fourAgain, four, low, unratedNew, unratedOld];
    for (const url of [
      `/api/store/get-By-city?city=${city}&sort=rating`,
      `/api/store/get-By-city?city=٩&type=0&sort=rating`,
    ]) {
      const res = await request(t.app).get(url);
      expect(res.status, url).toBe(200);
      expect(
        res.body.data.data.map((s: { id: number }) => s.id),
        url,
      ).toEqual(expected);
    }
    const all = await request(t.app).get('/api/store/getAll?sort=rating&per_page=50');
    const ours = all.body.data.data.map((s: { id: number }) => s.id).filter((id: number) => expected.includes(id));
    expect(ours).toEqual(expected);
    const paged = await request(t.app).get(`/api/store/get-By-city?city=${city}&sort=rating&per_page=3&page_number=2`);
    expect(paged.body.data.data.map((s: { id: number }) => s.id)).toEqual(expected.slice(3, 6));

    const newest = await request(t.app).get(`/api/store/get-By-city?city=${city}`);
    expect(newest.body.data.data.map((s: { id: number }) => s.id)).toEqual([...expected].sort((a, b) => b - a));
    const first = newest.body.data.data.find((s: { id: number }) => s.id === low);
    expect(first).toMatchObject({ rating_avg: 1.5, rating_count: 2, verified: false, available: true });
  });

  it('is 422 for an unknown sort', async () => {
    const res = await request(t.app).get('/api/store/getAll?sort=price');
    expectRefusal(res, 'validation_failed');
    expect(res.body.error.fields).toEqual({ sort: 'قيمة غير صالحة' });
  });
});

describe('verified stores', () => {
  it('the admin marks a store verified (and back) with {verified} alone; every store JSON carries it', async () => {
    const owner = await t.make.loginAs('store');
    const admin = await t.make.loginAs('admin');
    expect((await storeJson(owner.store!.id)).verified).toBe(false);
    const set = await request(t.app)
      .post(`/api/store/update/${owner.store!.id}`)
      .set(admin.auth)
      .send({ verified: true });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ id: owner.store!.id, verified: true, name_store: owner.store!.name_store });
    expect((await storeJson(owner.store!.id)).verified).toBe(true);
    const listed = await request(t.app).get(`/api/store/get-By-city?city=${owner.store!.city}&per_page=50`);
    expect(listed.body.data.data.find((s: { id: number }) => s.id === owner.store!.id).verified).toBe(true);
    const page = await request(t.app).get(`/api/store/get-page/${owner.store!.id}`);
    expect(page.body.data.store.verified).toBe(true);

    const form = await request(t.app)
      .post(`/api/store/update/${owner.store!.id}`)
      .set(admin.auth)
      .field('verified', 'false');
    expect(form.body.data.verified).toBe(false);
    const bad = await request(t.app)
      .post(`/api/store/update/${owner.store!.id}`)
      .set(admin.auth)
      .send({ verified: 'نعم' });
    expectRefusal(bad, 'validation_failed');
    expect(bad.body.error.fields).toEqual({ verified: 'يجب أن تكون القيمة نعم أو لا' });
  });

  it('is 403 for the store owner changing it (alone or with the other fields); the same value passes unchanged', async () => {
    const owner = await t.make.loginAs('store');
    const store = owner.store!;
    const full = { city: store.city, address: store.address, name_store: 'اسم جديد', type: store.type };
    const alone = await request(t.app).post(`/api/store/update/${store.id}`).set(owner.auth).send({ verified: true });
    expectRefusal(alone, 'forbidden');
    const withFields = await request(t.app)
      .post(`/api/store/update/${store.id}`)
      .set(owner.auth)
      .send({ ...full, verified: true });
    expectRefusal(withFields, 'forbidden');
    expect(await storeRow(store.id)).toMatchObject({ verified: 0, name_store: store.name_store });

    const same = await request(t.app)
      .post(`/api/store/update/${store.id}`)
      .set(owner.auth)
      .send({ ...full, verified: false });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ name_store: 'اسم جديد', verified: false });
    const sameAlone = await request(t.app)
      .post(`/api/store/update/${store.id}`)
      .set(owner.auth)
      .send({ verified: false });
    expect(sameAlone.status).toBe(200);

    // the admin's full update may set it too; the owner's later edit keeps it
    const admin = await t.make.loginAs('admin');
    const byAdmin = await request(t.app)
      .post(`/api/store/update/${store.id}`)
      .set(admin.auth)
      .send({ ...full, verified: true });
    expect(byAdmin.body.data.verified).toBe(true);
    const ownerEdit = await request(t.app)
      .post(`/api/store/update/${store.id}`)
      .set(owner.auth)
      .send({ ...full, name_store: 'اسم ثالث' });
    expect(ownerEdit.body.data).toMatchObject({ name_store: 'اسم ثالث', verified: true });
  });

  it('store/create: a store account cannot create its store verified (403); the admin can', async () => {
    const body = { city: 1, address: 'دمشق، باب توما', name_store: 'متجر جديد', type: 0 };
    const owner = await t.make.loginAs('store', { withStore: false });
    const refused = await request(t.app)
      .post('/api/store/create')
      .set(owner.auth)
      .send({ ...body, verified: true });
    expectRefusal(refused, 'forbidden');
    expect(await t.db.selectFrom('stores').select('id').where('user_id', '=', owner.user.id).execute()).toHaveLength(0);
    const admin = await t.make.loginAs('admin');
    const created = await request(t.app)
      .post('/api/store/create')
      .set(admin.auth)
      .send({ ...body, verified: true, user_id: owner.user.id });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ verified: true, rating_avg: null, rating_count: 0, available: true });
  });
});
