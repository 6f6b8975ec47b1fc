import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();
const body = { title: 'مكافحة المن', description: 'رش الصابون البوتاسي مساءً.', is_special: false };

describe('posts', () => {
  it('requires authentication for getAll-page, create, update and delete', async () => {
    expect((await request(t.app).get('/api/post/getAll-page')).status).toBe(401);
    for (const path of ['/api/post/create', '/api/post/update/1', '/api/post/delete/1']) {
      expect((await request(t.app).post(path).send(body)).status, path).toBe(401);
    }
  });

  it('lists articles special first, and gets one', async () => {
    const admin = await t.make.loginAs('admin');
    const plain = await t.make.post(admin.user.id, { title: 'عادي' });
    const special = await t.make.post(admin.user.id, { title: 'مميز', is_special: 1 });
    await t.make.post(admin.user.id, { title: 'أحدث عادي' });
    const res = await request(t.app).get('/api/post/getAll');
    expect(res.status).toBe(200);
    expect(res.body.data.data[0]).toMatchObject({ id: special.id, is_special: true, author: { id: admin.user.id } });
    const one = await request(t.app).get(`/api/post/get/${plain.id}`);
    expect(one.body.data).toMatchObject({ id: plain.id, title: 'عادي', is_special: false, image: null });
    expect(one.body.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await request(t.app).get('/api/post/get/999999')).status).toBe(404);
  });

  it("getAll-page gives a store account its own articles and the admin everyone's", async () => {
    const store = await t.make.loginAs('store');
    const other = await t.make.loginAs('nursery');
    const mine = await t.make.post(store.user.id);
    const theirs = await t.make.post(other.user.id);
    const res = await request(t.app).get('/api/post/getAll-page').set(store.auth);
    const ids = res.body.data.data.map((p: { id: number }) => p.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    const admin = await t.make.loginAs('admin');
    const all = await request(t.app).get('/api/post/getAll-page?per_page=50').set(admin.auth);
    const allIds = all.body.data.data.map((p: { id: number }) => p.id);
    expect(allIds).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });

  it('lets store accounts and the admin write; only the admin marks special', async () => {
    const store = await t.make.loginAs('store');
    const created = await request(t.app)
      .post('/api/post/create')
      .set(store.auth)
      .send({ ...body, is_special: true, user_id: store.user.id });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ title: body.title, user_id: store.user.id, is_special: false });
    const admin = await t.make.loginAs('admin');
    const byAdmin = await request(t.app)
      .post('/api/post/create')
      .set(admin.auth)
      .field('title', 'مقال المدير')
      .field('description', 'نص')
      .field('is_special', '1');
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data.is_special).toBe(true);

    const updated = await request(t.app)
      .post(`/api/post/update/${created.body.data.id}`)
      .set(store.auth)
      .send({ ...body, title: 'عنوان معدل' });
    expect(updated.body.data.title).toBe('عنوان معدل');
    const adminEdit = await request(t.app)
      .post(`/api/post/update/${created.body.data.id}`)
      .set(admin.auth)
      .send({ ...body, is_special: true });
    expect(adminEdit.body.data.is_special).toBe(true);

    const del = await request(t.app).post(`/api/post/delete/${created.body.data.id}`).set(store.auth);
    expect(del.status).toBe(200);
    expect((await request(t.app).get(`/api/post/get/${created.body.data.id}`)).status).toBe(404);
  });

  it('is 403 for farmers, disabled store accounts, non-authors and a user_id naming someone else', async () => {
    const farmer = await t.make.loginAs('farmer');
    expect((await request(t.app).post('/api/post/create').set(farmer.auth).send(body)).status).toBe(403);
    const disabled = await t.make.loginAs('disabledStore');
    const res = await request(t.app).post('/api/post/create').set(disabled.auth).send(body);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('اشتراكك منتهي الصلاحية');
    const author = await t.make.loginAs('store');
    const post = await t.make.post(author.user.id);
    const other = await t.make.loginAs('store');
    expect((await request(t.app).post(`/api/post/update/${post.id}`).set(other.auth).send(body)).status).toBe(403);
    expect((await request(t.app).post(`/api/post/delete/${post.id}`).set(other.auth)).status).toBe(403);
    const mismatch = await request(t.app)
      .post('/api/post/create')
      .set(author.auth)
      .send({ ...body, user_id: other.user.id });
    expect(mismatch.status).toBe(403);
  });

  it('answers 422 with field messages and 404 for no such article', async () => {
    const store = await t.make.loginAs('store');
    const res = await request(t.app).post('/api/post/create').set(store.auth).send({ title: ' ', is_special: 'maybe' });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({
      title: 'هذا الحقل مطلوب',
      description: 'هذا الحقل مطلوب',
      is_special: 'يجب أن تكون القيمة نعم أو لا',
    });
    expect((await request(t.app).post('/api/post/update/999999').set(store.auth).send(body)).status).toBe(404);
    expect((await request(t.app).post('/api/post/delete/999999').set(store.auth)).status).toBe(404);
  });

  it('answers 422 with Arabic field messages on update and keeps the article', async () => {
    const store = await t.make.loginAs('store');
    const post = await t.make.post(store.user.id, { title: 'العنوان الأصلي' });
    const res = await request(t.app)
      .post(`/api/post/update/${post.id}`)
      .set(store.auth)
      .send({ title: ' ', description: '', is_special: 'maybe' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      status: 422,
      error: {
        code: 'validation_failed',
        message: 'البيانات المدخلة غير صالحة',
        fields: {
          title: 'هذا الحقل مطلوب',
          description: 'هذا الحقل مطلوب',
          is_special: 'يجب أن تكون القيمة نعم أو لا',
        },
      },
    });
    const long = await request(t.app)
      .post(`/api/post/update/${post.id}`)
      .set(store.auth)
      .field('title', 'ع'.repeat(300))
      .field('description', 'نص');
    expect(long.status).toBe(422);
    expect(long.body.error.fields.title).toMatch(/[\u0600-\u06FF]/);
    const row = await t.db.selectFrom('posts').select('title').where('id', '=', post.id).executeTakeFirstOrThrow();
    expect(row.title).toBe('العنوان الأصلي');
  });
});
