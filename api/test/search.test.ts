import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

describe('GET search', () => {
  it('finds stores, products and articles ignoring tashkeel, hamza forms, ta marbuta and case', async () => {
    const owner = await t.make.user({ type: 1 });
    const store = await t.make.store(owner.id, { name_store: 'صيدليّة الأمل', city: 3 });
    const product = await t.make.product(store.id, { name: 'مبيد فطري', description: 'للأشجار المثمرة' });
    const post = await t.make.post(owner.id, { title: 'الري بالتنقيط', description: 'توفير المياه في الزراعة' });

    const byStore = await request(t.app).get(`/api/search?q=${encodeURIComponent('صيدليه الامل')}`);
    expect(byStore.status).toBe(200);
    expect(byStore.body.data.stores.data.map((s: { id: number }) => s.id)).toEqual([store.id]);
    expect(byStore.body.data.products.total).toBe(0);

    const byProvince = await request(t.app).get(`/api/search?q=${encodeURIComponent('طرطوس')}`);
    expect(byProvince.body.data.stores.data.map((s: { id: number }) => s.id)).toContain(store.id);

    const byProduct = await request(t.app).get(`/api/search?q=${encodeURIComponent('المُثمِرة')}`);
    expect(byProduct.body.data.products.data.map((p: { id: number }) => p.id)).toEqual([product.id]);

    const byPost = await request(t.app).get(`/api/search?q=${encodeURIComponent('التنقيط')}`);
    expect(byPost.body.data.posts).toMatchObject({ total: 1, current_page: 1, last_page: 1, per_page: 12 });
    expect(byPost.body.data.posts.data[0].id).toBe(post.id);
  });

  it('keeps the index in step with updates and deletes, and matches short queries too', async () => {
    const me = await t.make.loginAs('store');
    const created = await request(t.app)
      .post('/api/product/create')
      .set(me.auth)
      .send({ name: 'بذور قرنبيط', type: 2, price: 1, is_special: false });
    const id = created.body.data.id;
    const find = async (q: string) =>
      (await request(t.app).get(`/api/search?q=${encodeURIComponent(q)}`)).body.data.products.data.map(
        (p: { id: number }) => p.id,
      );
    expect(await find('قرنبيط')).toContain(id);
    await request(t.app)
      .post(`/api/product/update/${id}`)
      .set(me.auth)
      .send({ name: 'بذور ملفوف', type: 2, price: 1, is_special: false })
      .expect(200);
    expect(await find('قرنبيط')).not.toContain(id);
    expect(await find('ملفوف')).toContain(id);
    expect(await find('مل')).toContain(id);
    await request(t.app).post(`/api/product/delete/${id}`).set(me.auth).expect(200);
    expect(await find('ملفوف')).not.toContain(id);
  });

  it('treats LIKE wildcards literally', async () => {
    for (const q of ['_', '%%%', 'a_b%']) {
      const res = await request(t.app).get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(res.body.data.stores.total + res.body.data.products.total + res.body.data.posts.total).toBe(0);
    }
    const quotes = await request(t.app).get(`/api/search?q=${encodeURIComponent('"زيت" OR *')}`);
    expect(quotes.status).toBe(200);
  });

  it('answers 422 for an empty query', async () => {
    const res = await request(t.app).get('/api/search?q=%20');
    expect(res.status).toBe(422);
    expect(res.body.error.fields.q).toBe('هذا الحقل مطلوب');
  });
});

describe('search synonyms (shared/src/synonyms.ts)', () => {
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

  it('finds بندورة for «طماطم» and بطاطا for «بطاطس» in GET search and product/getAll?q, and the other way round', async () => {
    const owner = await t.make.user({ type: 1 });
    const store = await t.make.store(owner.id, { name_store: 'مشتل الربيع', city: 5 });
    const tomato = await t.make.product(store.id, { name: 'بذور بندورة هجين', description: 'إنتاج وفير' });
    const tomato2 = await t.make.product(store.id, { name: 'شتول طماطم', description: 'جاهزة للزراعة' });
    const potato = await t.make.product(store.id, { name: 'بطاطا سبونتا', description: 'تقاوي مستوردة' });
    const cabbage = await t.make.product(store.id, { name: 'ملفوف', description: 'بلدي' });
    const post = await t.make.post(owner.id, { title: 'زراعة البطاطس في الربيع', description: 'مواعيد الزراعة' });

    const search = async (q: string) => {
      const res = await request(t.app).get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return res.body.data;
    };
    const list = async (q: string, extra = '') => {
      const res = await request(t.app).get(`/api/product/getAll?q=${encodeURIComponent(q)}${extra}`);
      expect(res.status).toBe(200);
      return res.body.data;
    };

    for (const q of ['طماطم', 'بندورة', 'بندوره', 'الطماطم']) {
      const found = await search(q);
      expect(ids(found.products.data), q).toEqual([tomato.id, tomato2.id]);
      expect(found.products.total).toBe(2);
      expect(ids((await list(q)).data), q).toEqual([tomato.id, tomato2.id]);
      expect(ids((await list(q, `&store_id=${store.id}`)).data), q).toEqual([tomato.id, tomato2.id]);
    }

    const potatoes = await search('بطاطس');
    expect(ids(potatoes.products.data)).toEqual([potato.id]);
    expect(ids(potatoes.posts.data)).toEqual([post.id]);
    expect(ids((await search('بطاطا')).posts.data)).toEqual([post.id]);
    expect(ids((await list('بطاطس')).data)).toEqual([potato.id]);
    expect(ids((await list('كرنب', `&type=${cabbage.type}`)).data)).toEqual([cabbage.id]);

    // a phrase: the other words must still match
    expect(ids((await search('بذور طماطم')).products.data)).toEqual([tomato.id]);
    expect((await search('بذور بطاطس')).products.total).toBe(0);
    // the stored text is as written: the product's own name still shows
    expect((await search('طماطم')).products.data.map((p: { name: string }) => p.name)).toContain('بذور بندورة هجين');
  });

  it('a word with the article finds a name written without it: «الزيتون» finds «غراس زيتون خضيري»', async () => {
    const owner = await t.make.user({ type: 3 });
    const store = await t.make.store(owner.id, { name_store: 'مشتل الساحل', city: 6 });
    const olive = await t.make.product(store.id, { name: 'غراس زيتون خضيري', description: 'عمر سنتين' });
    const post = await t.make.post(owner.id, { title: 'تقليم أشجار الزيتون', description: 'في الشتاء' });
    for (const q of ['الزيتون', 'زيتون', 'للزيتون']) {
      const res = await request(t.app).get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(ids(res.body.data.products.data), q).toEqual([olive.id]);
      expect(ids(res.body.data.posts.data), q).toEqual([post.id]);
    }
  });

  it('pages through the hits of all alternatives, each counted once', async () => {
    const owner = await t.make.user({ type: 1 });
    const store = await t.make.store(owner.id, { name_store: 'صيدلية الريف', city: 2 });
    const made: number[] = [];
    for (let i = 0; i < 5; i++) {
      made.push((await t.make.product(store.id, { name: `لقاح ${i}` })).id);
      made.push((await t.make.product(store.id, { name: `مطعوم ${i}` })).id);
    }
    const page = async (n: number) =>
      (await request(t.app).get(`/api/product/getAll?q=${encodeURIComponent('تحصين')}&per_page=4&page_number=${n}`))
        .body.data;
    const first = await page(1);
    expect(first).toMatchObject({ total: 10, last_page: 3 });
    const all = [...first.data, ...(await page(2)).data, ...(await page(3)).data].map((p: { id: number }) => p.id);
    expect(all).toEqual([...made].sort((a, b) => b - a));
    const searched = await request(t.app).get(`/api/search?q=${encodeURIComponent('مطعوم')}&page_number=1`);
    expect(searched.body.data.products.total).toBe(10);
  });
});
