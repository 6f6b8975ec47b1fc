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
