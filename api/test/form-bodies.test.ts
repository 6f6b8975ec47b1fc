/**
 * CONTRACT.md §3: every write takes a JSON body OR multipart form data — also the writes that
 * carry no image (auth, conversations, orders, set-password). Regression: these answered 422
 * "required" for every field because only the image routes parsed multipart bodies.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, uniquePhone } from './helpers/factories';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

describe('multipart form bodies on writes without an image', () => {
  it('registers, logs in, changes the password and asks for a reset', async () => {
    const phone = uniquePhone();
    const reg = await request(t.app)
      .post('/api/auth/register')
      .field('phone', phone)
      .field('name', 'سعيد')
      .field('type', '2')
      .field('password', 'abcd1234')
      .field('password_confirmation', 'abcd1234');
    expect(reg.status).toBe(200);
    expect(reg.body.data.user).toMatchObject({ phone, type: 2 });

    const login = await request(t.app).post('/api/auth/login').field('phone', phone).field('password', 'abcd1234');
    expect(login.status).toBe(200);
    const auth = { Authorization: `Bearer ${login.body.data.token}` };

    const change = await request(t.app)
      .post('/api/auth/change-password')
      .set(auth)
      .field('current_password', 'abcd1234')
      .field('password', 'efgh5678')
      .field('password_confirmation', 'efgh5678');
    expect(change.status).toBe(200);

    const forget = await request(t.app).post('/api/auth/forget-password').field('phone', phone);
    expect(forget.status).toBe(200);
  });

  it('starts a conversation and marks it read', async () => {
    const owner = await t.make.loginAs('store');
    const farmer = await t.make.loginAs('farmer');
    const conv = await request(t.app)
      .post('/api/conversation/create')
      .set(farmer.auth)
      .field('sender_id', String(farmer.user.id))
      .field('store_id', String(owner.store!.id));
    expect(conv.status).toBe(200);
    expect(conv.body.data.store_id).toBe(owner.store!.id);

    const read = await request(t.app)
      .post(`/api/conversation/update/${conv.body.data.id}`)
      .set(owner.auth)
      .field('last_read_message_id', '0');
    expect(read.status).toBe(200);
  });

  it('places an order with items in bracket notation and updates its status', async () => {
    const owner = await t.make.loginAs('store');
    const product = await t.make.product(owner.store!.id, { price_cents: 1250 });
    const farmer = await t.make.loginAs('farmer');
    const order = await request(t.app)
      .post('/api/order/create')
      .set(farmer.auth)
      .field('store_id', String(owner.store!.id))
      .field('total', '25.00')
      .field('items[0][product_id]', String(product.id))
      .field('items[0][quantity]', '2')
      .field('delivery[province]', '١')
      .field('delivery[address]', 'دمشق، المزة')
      .field('delivery[phone]', '0944000111')
      .field('client_id', 'form-order-1');
    expect(order.status).toBe(200);
    expect(order.body.data).toMatchObject({ total: '25.00', client_id: 'form-order-1' });

    const update = await request(t.app)
      .post(`/api/order/update/${order.body.data.id}`)
      .set(owner.auth)
      .field('status', '1');
    expect(update.status).toBe(200);
    expect(update.body.data.status).toBe(1);
  });

  it('lets the admin set a password with a form', async () => {
    const admin = await t.make.loginAs('admin');
    const farmer = await t.make.loginAs('farmer');
    const res = await request(t.app)
      .post(`/api/user/set-password/${farmer.user.id}`)
      .set(admin.auth)
      .field('password', 'temp1234');
    expect(res.status).toBe(200);
    const login = await request(t.app).post('/api/auth/login').send({ phone: farmer.user.phone, password: 'temp1234' });
    expect(login.status).toBe(200);
  });

  it('refuses a file on a write that takes none with 422, never a 500', async () => {
    const res = await request(t.app)
      .post('/api/auth/login')
      .field('phone', '0944444444')
      .field('password', TEST_PASSWORD)
      .attach('image', Buffer.from('not an image'), 'x.png');
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toHaveProperty('image');
  });

  it('answers a broken multipart body with 422 (no 400 in the contract)', async () => {
    const res = await request(t.app)
      .post('/api/auth/login')
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="phone"\r\n\r\n09');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ status: 422, error: { code: 'validation_failed', message: 'صيغة الطلب غير صالحة' } });
  });
});
