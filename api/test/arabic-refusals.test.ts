/**
 * Errors in Arabic only (issue 15 item 7): no third-party English text (sharp's "The source image could
 * not be decoded.", multer's "Unexpected field", body-parser's, Express's) reaches a user. Every image
 * field of every write and POST upload, given what is not an image (or too much of one), answers its
 * Arabic message with its `error.code`; so do unreadable bodies and URLs.
 */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from './helpers/envelope';
import type { SignedIn } from './helpers/factories';
import { EBML_JUNK, HEIC_LIKE, images, PDF, SVG, TEXT } from './helpers/media';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

/** No Latin letter in what a person reads (the message and every field message). */
function expectArabicOnly(res: request.Response) {
  const texts = [res.body.error?.message, ...Object.values(res.body.error?.fields ?? {})] as string[];
  for (const text of texts) {
    expect(text, JSON.stringify(res.body)).toMatch(/[\u0600-\u06FF]/);
    expect(text, JSON.stringify(res.body)).not.toMatch(/[A-Za-z]/);
  }
}

let owner: Awaited<ReturnType<typeof t.make.loginAs>>;
let farmer: SignedIn;
let admin: SignedIn;
let productId: number;
let postId: number;
let conversationId: number;

beforeAll(async () => {
  owner = await t.make.loginAs('store');
  farmer = await t.make.loginAs('farmer');
  admin = await t.make.loginAs('admin');
  productId = (await t.make.product(owner.store!.id)).id;
  postId = (await t.make.post(owner.user.id)).id;
  conversationId = (await t.make.conversation(farmer.user.id, owner.store!)).id;
});

const png = await images.png();
const BAD_FILES: [string, Buffer, string][] = [
  ['plain text', TEXT, 'text/plain'],
  ['a PDF', PDF, 'application/pdf'],
  ['an SVG (scripts)', SVG, 'image/svg+xml'],
  ['an HEIC header over junk', HEIC_LIKE, 'image/heic'],
  ['a truncated PNG', png.subarray(0, Math.floor(png.length / 2)), 'image/png'],
  ['a PNG header only', png.subarray(0, 24), 'image/png'],
  ['zero bytes', Buffer.alloc(0), 'image/jpeg'],
  ['WebM junk', EBML_JUNK, 'video/webm'],
];

/** Each write with an image field: where, who, its other fields (valid), the file's field name. */
const IMAGE_WRITES: {
  name: string;
  path: () => string;
  as: () => SignedIn;
  fields: () => Record<string, string>;
  file: string;
}[] = [
  {
    name: 'product/create',
    path: () => '/api/product/create',
    as: () => owner,
    fields: () => ({ name: 'بذور', type: '0', price: '5', is_special: 'false' }),
    file: 'image',
  },
  {
    name: 'product/update',
    path: () => `/api/product/update/${productId}`,
    as: () => owner,
    fields: () => ({ name: 'بذور', type: '0', price: '5', is_special: 'false' }),
    file: 'image',
  },
  {
    name: 'store/update',
    path: () => `/api/store/update/${owner.store!.id}`,
    as: () => owner,
    fields: () => ({ city: '1', address: 'حماة', name_store: 'صيدلية', type: '0' }),
    file: 'image',
  },
  {
    name: 'post/create',
    path: () => '/api/post/create',
    as: () => owner,
    fields: () => ({ title: 'مقال', description: 'نص' }),
    file: 'image',
  },
  {
    name: 'post/update',
    path: () => `/api/post/update/${postId}`,
    as: () => owner,
    fields: () => ({ title: 'مقال', description: 'نص' }),
    file: 'image',
  },
  {
    name: 'user/update',
    path: () => `/api/user/update/${farmer.user.id}`,
    as: () => farmer,
    fields: () => ({}),
    file: 'image',
  },
  {
    name: 'message/create',
    path: () => '/api/message/create',
    as: () => farmer,
    fields: () => ({ conversation_id: String(conversationId) }),
    file: 'image',
  },
  { name: 'upload', path: () => '/api/upload', as: () => farmer, fields: () => ({}), file: 'file' },
];

describe('a file that is not an image (or a voice note) on every image field', () => {
  for (const write of IMAGE_WRITES) {
    it.each(BAD_FILES.map(([n, bytes, type]) => [n, bytes, type] as const))(
      `${write.name}: %s`,
      async (_n, bytes, type) => {
        const r = request(t.app).post(write.path()).set(write.as().auth);
        for (const [k, v] of Object.entries(write.fields())) r.field(k, v);
        const res = await r.attach(write.file, bytes, { filename: 'file.bin', contentType: type });
        expectRefusal(res, 'validation_failed');
        expectArabicOnly(res);
        expect(Object.keys(res.body.error.fields ?? {})).toEqual([write.file]);
      },
    );
  }

  it.each(IMAGE_WRITES.map((w) => [w.name, w] as const))(
    '%s: over 5 MB is 413 too_large in Arabic',
    async (_n, write) => {
      const r = request(t.app).post(write.path()).set(write.as().auth);
      const res = await r.attach(write.file, Buffer.alloc(6 * 1024 * 1024, 1), {
        filename: 'big.jpg',
        contentType: 'image/jpeg',
      });
      expectRefusal(res, 'too_large');
      expectArabicOnly(res);
    },
  );

  it.each(IMAGE_WRITES.map((w) => [w.name, w] as const))(
    '%s: a file under another field name, or two files',
    async (_n, write) => {
      const wrongField = await request(t.app)
        .post(write.path())
        .set(write.as().auth)
        .attach('photo', png, { filename: 'a.png', contentType: 'image/png' });
      expectRefusal(wrongField, 'validation_failed');
      expectArabicOnly(wrongField);
      const two = await request(t.app)
        .post(write.path())
        .set(write.as().auth)
        .attach(write.file, png, { filename: 'a.png', contentType: 'image/png' })
        .attach(write.file, png, { filename: 'b.png', contentType: 'image/png' });
      expectRefusal(two);
      expectArabicOnly(two);
    },
  );

  it('an admin creating a store for someone with a non-image', async () => {
    const storeless = await t.make.loginAs('store', { withStore: false });
    const res = await request(t.app)
      .post('/api/store/create')
      .set(admin.auth)
      .field('user_id', String(storeless.user.id))
      .field('city', '1')
      .field('address', 'حماة')
      .field('name_store', 'صيدلية')
      .field('type', '0')
      .attach('image', PDF, { filename: 'x.pdf', contentType: 'application/pdf' });
    expectRefusal(res, 'validation_failed');
    expectArabicOnly(res);
  });
});

describe('unreadable requests', () => {
  it.each([
    ['malformed JSON', 'application/json', '{"phone": '],
    ['JSON in an unknown charset', 'application/json; charset=klingon', '{}'],
    ['a multipart body without its boundary', 'multipart/form-data', 'xx'],
    [
      'a broken multipart body',
      'multipart/form-data; boundary=zzz',
      '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
    ],
    ['gzip that is not gzip', 'application/json', 'not gzip'],
  ])('%s', async (name, type, body) => {
    const r = request(t.app).post('/api/auth/login').set('Content-Type', type);
    if (name.startsWith('gzip')) r.set('Content-Encoding', 'gzip');
    const res = await r.send(body);
    expectRefusal(res);
    expectArabicOnly(res);
  });

  it('a malformed escape in the URL, an unknown route', async () => {
    for (const url of ['/api/store/get/%E0%A4%A', '/api/no/such/route']) {
      const res = await request(t.app).get(url);
      expectRefusal(res);
      expectArabicOnly(res);
    }
  });
});
