import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { isStored, storedFile } from './helpers/stored';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

describe('image uploads', () => {
  it('re-encodes a real PNG to WebP ≤1600 px with a ≤320 px thumbnail, served with a long cache', async () => {
    const me = await t.make.loginAs('store');
    const res = await request(t.app)
      .post('/api/product/create')
      .set(me.auth)
      .field('name', 'صورة')
      .field('type', '0')
      .field('price', '1')
      .field('is_special', '0')
      .attach('image', await png(2400, 1200), { filename: 'photo.png', contentType: 'image/png' });
    expect(res.status).toBe(200);
    const image: string = res.body.data.image;
    expect(image).toMatch(/^products\/[0-9a-f]{24}\.webp$/);
    const main = await sharp(await storedFile(t, image)).metadata();
    expect(main).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    const thumb = await sharp(await storedFile(t, image.replace('.webp', '.thumb.webp'))).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 320, height: 160 });

    const served = await request(t.app).get(`/storage/${image}`);
    expect(served.status).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
  });

  it('strips metadata (EXIF) from the stored image', async () => {
    const me = await t.make.loginAs('farmer');
    const jpeg = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-location' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await request(t.app)
      .post(`/api/user/update/${me.user.id}`)
      .set(me.auth)
      .attach('image', jpeg, { filename: 'me.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(200);
    const meta = await sharp(await storedFile(t, res.body.data.user.image)).metadata();
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a text file renamed .png and an SVG with 422, storing nothing', async () => {
    const me = await t.make.loginAs('store');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    for (const [buffer, filename, contentType] of [
      [Buffer.from('this is not an image at all'), 'fake.png', 'image/png'],
      [svg, 'logo.svg', 'image/svg+xml'],
    ] as const) {
      const res = await request(t.app)
        .post('/api/product/create')
        .set(me.auth)
        .field('name', 'مزيف')
        .field('type', '0')
        .field('price', '1')
        .field('is_special', '0')
        .attach('image', buffer, { filename, contentType });
      expect(res.status, filename).toBe(422);
      expect(res.body.error).toEqual({
        code: 'validation_failed',
        message: 'الملف المرفوع ليس صورة صالحة',
        fields: { image: 'الملف المرفوع ليس صورة صالحة' },
      });
    }
    const rows = await t.db.selectFrom('products').select('id').where('store_id', '=', me.store!.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('answers 413 for a file over 5 MB', async () => {
    const me = await t.make.loginAs('store');
    const res = await request(t.app)
      .post('/api/product/create')
      .set(me.auth)
      .field('name', 'كبير')
      .field('type', '0')
      .field('price', '1')
      .field('is_special', '0')
      .attach('image', Buffer.alloc(5 * 1024 * 1024 + 1, 1), { filename: 'big.png', contentType: 'image/png' });
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe('حجم الملف كبير جداً (الحد الأقصى 5 ميغابايت)');
  });

  it('deletes the old file and thumbnail when an image is replaced, and the image when the row is deleted', async () => {
    const me = await t.make.loginAs('store');
    const first = await request(t.app)
      .post(`/api/store/update/${me.store!.id}`)
      .set(me.auth)
      .field('city', '1')
      .field('address', 'دمشق')
      .field('name_store', 'متجر بصورة')
      .field('type', '0')
      .attach('image', await png(100, 100), { filename: 'a.png', contentType: 'image/png' });
    expect(first.status).toBe(200);
    const old: string = first.body.data.image;
    expect(await isStored(t, old)).toBe(true);
    const second = await request(t.app)
      .post(`/api/store/update/${me.store!.id}`)
      .set(me.auth)
      .field('city', '1')
      .field('address', 'دمشق')
      .field('name_store', 'متجر بصورة')
      .field('type', '0')
      .attach('image', await png(120, 90), { filename: 'b.png', contentType: 'image/png' });
    const current: string = second.body.data.image;
    expect(current).not.toBe(old);
    expect(await isStored(t, old)).toBe(false);
    expect(await isStored(t, old.replace('.webp', '.thumb.webp'))).toBe(false);
    expect(await isStored(t, current)).toBe(true);

    // an update without a file keeps the image
    const third = await request(t.app)
      .post(`/api/store/update/${me.store!.id}`)
      .set(me.auth)
      .send({ city: 1, address: 'دمشق', name_store: 'بلا صورة جديدة', type: 0 });
    expect(third.body.data.image).toBe(current);

    await request(t.app).post(`/api/store/delete/${me.store!.id}`).set(me.auth).expect(200);
    expect(await isStored(t, current)).toBe(false);
  });

  it('answers a malformed multipart body with 422, not 500', async () => {
    const me = await t.make.loginAs('store');
    const res = await request(t.app)
      .post('/api/product/create')
      .set(me.auth)
      .set('Content-Type', 'multipart/form-data; boundary=XYZ')
      .send('--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nabc');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ status: 422, error: { code: 'validation_failed', message: 'صيغة الطلب غير صالحة' } });
  });
});

describe('/storage', () => {
  it('answers 404 for a missing file instead of falling through', async () => {
    const res = await request(t.app).get('/storage/products/0000.webp');
    expect(res.status).toBe(404);
  });
});
