/**
 * Property (CONTRACT.md §7 "Text"): a write that would succeed, with NUL or another control character
 * put into one of its strings, is refused with 422 `validation_failed` and the Arabic message on that
 * field, and stores nothing; a query value or an id with one is refused the same way. Runs on SQLite
 * and (scripts/test-pg.mjs) on PostgreSQL, which cannot store a NUL and answered 500 before.
 */
import { validationMessages } from '@agrivet/shared';
import fc from 'fast-check';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from './helpers/envelope';
import { type SignedIn, TEST_PASSWORD, uniquePhone } from './helpers/factories';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();
const REFUSED = validationMessages.ar.controlCharacters;

interface World {
  admin: SignedIn;
  farmer: SignedIn;
  owner: SignedIn & { storeId: number; productId: number; postId: number };
  storeless: SignedIn;
  conversationId: number;
  orderId: number;
}
let w: World;

beforeAll(async () => {
  const owner = await t.make.loginAs('store');
  const farmer = await t.make.loginAs('farmer');
  const product = await t.make.product(owner.store!.id, { price_cents: 500 });
  const conversation = await t.make.conversation(farmer.user.id, owner.store!);
  const now = new Date().toISOString();
  const order = await t.db
    .insertInto('orders')
    .values({
      user_id: farmer.user.id,
      store_id: owner.store!.id,
      total_cents: 500,
      status: 1,
      client_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  w = {
    admin: await t.make.loginAs('admin'),
    farmer,
    owner: {
      ...owner,
      storeId: owner.store!.id,
      productId: product.id,
      postId: (await t.make.post(owner.user.id)).id,
    },
    storeless: await t.make.loginAs('store', { withStore: false }),
    conversationId: conversation.id,
    orderId: order.id,
  };
});

/** A write with a body that succeeds as it is; every string in it (nested too) gets the injection. */
interface Write {
  name: string;
  path: () => string;
  as: () => SignedIn | undefined;
  body: () => Record<string, unknown>;
}

const p256dh = Buffer.alloc(65, 4).toString('base64url');
const auth = Buffer.alloc(16, 7).toString('base64url');

const WRITES: Write[] = [
  {
    name: 'auth/login',
    path: () => '/api/auth/login',
    as: () => undefined,
    body: () => ({ phone: w.farmer.user.phone, password: TEST_PASSWORD }),
  },
  {
    name: 'auth/register',
    path: () => '/api/auth/register',
    as: () => undefined,
    body: () => ({
      phone: uniquePhone(),
      name: 'مزارع جديد',
      type: '2',
      password: 'pass1234',
      password_confirmation: 'pass1234',
    }),
  },
  {
    name: 'auth/change-password',
    path: () => '/api/auth/change-password',
    as: () => w.farmer,
    body: () => ({ current_password: TEST_PASSWORD, password: 'new-pass-1', password_confirmation: 'new-pass-1' }),
  },
  {
    name: 'auth/forget-password',
    path: () => '/api/auth/forget-password',
    as: () => undefined,
    body: () => ({ phone: uniquePhone() }),
  },
  {
    name: 'store/create',
    path: () => '/api/store/create',
    as: () => w.storeless,
    body: () => ({ city: '1', address: 'حماة، الشارع العام', name_store: 'صيدلية جديدة', type: '0' }),
  },
  {
    name: 'store/update',
    path: () => `/api/store/update/${w.owner.storeId}`,
    as: () => w.owner,
    body: () => ({ city: '2', address: 'دمشق', name_store: 'صيدلية معدلة', type: '0' }),
  },
  {
    name: 'post/create',
    path: () => '/api/post/create',
    as: () => w.owner,
    body: () => ({ title: 'مقال جديد', description: 'نص المقال\nسطر ثان', is_special: 'false' }),
  },
  {
    name: 'post/update',
    path: () => `/api/post/update/${w.owner.postId}`,
    as: () => w.owner,
    body: () => ({ title: 'مقال معدل', description: 'نص معدل' }),
  },
  {
    name: 'product/create',
    path: () => '/api/product/create',
    as: () => w.owner,
    body: () => ({ name: 'بذور بندورة', type: '0', price: '12.5', is_special: 'false', description: 'وصف' }),
  },
  {
    name: 'product/update',
    path: () => `/api/product/update/${w.owner.productId}`,
    as: () => w.owner,
    body: () => ({ name: 'بذور خيار', type: '0', price: '5', is_special: 'true', description: 'وصف' }),
  },
  {
    name: 'user/update',
    path: () => `/api/user/update/${w.farmer.user.id}`,
    as: () => w.farmer,
    body: () => ({ name: 'اسم جديد', address: 'إدلب' }),
  },
  {
    name: 'user/set-password',
    path: () => `/api/user/set-password/${w.storeless.user.id}`,
    as: () => w.admin,
    body: () => ({ password: 'temp-pass-1' }),
  },
  {
    name: 'order/rate',
    path: () => `/api/order/rate/${w.orderId}`,
    as: () => w.farmer,
    body: () => ({ rating: '4', comment: 'خدمة جيدة' }),
  },
  {
    name: 'conversation/create',
    path: () => '/api/conversation/create',
    as: () => w.farmer,
    body: () => ({ store_id: String(w.owner.storeId), sender_id: String(w.farmer.user.id) }),
  },
  {
    name: 'conversation/update',
    path: () => `/api/conversation/update/${w.conversationId}`,
    as: () => w.farmer,
    body: () => ({ last_read_message_id: '0' }),
  },
  {
    name: 'message/create',
    path: () => '/api/message/create',
    as: () => w.farmer,
    body: () => ({ conversation_id: String(w.conversationId), message: 'مرحبا', client_id: `c-${Math.random()}` }),
  },
  {
    name: 'order/create',
    path: () => '/api/order/create',
    as: () => w.farmer,
    body: () => ({
      store_id: String(w.owner.storeId),
      total: '5.00',
      items: [{ product_id: String(w.owner.productId), quantity: '1' }],
      client_id: `o-${Math.random()}`,
      delivery: { province: '1', address: 'دمشق، المزة', phone: '0933333333', note: 'بعد الظهر' },
    }),
  },
  {
    name: 'push/subscribe',
    path: () => '/api/push/subscribe',
    as: () => w.farmer,
    body: () => ({ endpoint: 'https://push.example.org/send/abc', keys: { p256dh, auth } }),
  },
  {
    name: 'push/unsubscribe',
    path: () => '/api/push/unsubscribe',
    as: () => w.farmer,
    body: () => ({ endpoint: 'https://push.example.org/send/abc' }),
  },
];

/** Every string of a body with its yup path (`delivery.address`, `items[0].product_id`). */
function stringPaths(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, path ? `${path}.${k}` : k));
  }
  return [];
}

function withInjection(body: Record<string, unknown>, path: string, inject: (s: string) => string) {
  const copy = structuredClone(body);
  const keys = path.match(/[^.[\]]+/g) ?? [];
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys[keys.length - 1];
  node[last] = inject(node[last] as string);
  return copy;
}

/** NUL, the other C0 controls but tab and LF, a lone CR, DEL and the C1 controls. */
const control = fc
  .oneof(
    fc.constant('\u0000'),
    fc.integer({ min: 0x01, max: 0x1f }).filter((c) => c !== 0x09 && c !== 0x0a),
    fc.integer({ min: 0x7f, max: 0x9f }),
  )
  .map((c) => (typeof c === 'string' ? c : String.fromCharCode(c)));

async function snapshot(): Promise<string> {
  const tables = [
    'users',
    'stores',
    'products',
    'posts',
    'conversations',
    'messages',
    'orders',
    'order_items',
    'reviews',
    'password_reset_requests',
    'push_subscriptions',
  ] as const;
  const parts = await Promise.all(tables.map((name) => t.db.selectFrom(name).selectAll().orderBy('id').execute()));
  const tokens = await t.db.selectFrom('auth_tokens').select(['id', 'user_id', 'revoked_at']).orderBy('id').execute();
  return JSON.stringify([...parts, tokens]);
}

describe('control characters in a write that would otherwise succeed', () => {
  it.each(WRITES.map((c) => [c.name, c] as const))('%s: 422 on that field, nothing stored', async (_n, call) => {
    const paths = stringPaths(call.body());
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), control, fc.nat(), fc.boolean(), async (path, char, at, asForm) => {
        const body = withInjection(call.body(), path, (s) => {
          const i = at % (s.length + 1);
          return `${s.slice(0, i)}${char}${s.slice(i)}`;
        });
        const before = await snapshot();
        const r = request(t.app).post(call.path());
        const who = call.as();
        if (who) r.set(who.auth);
        // flat bodies also as multipart form fields (CONTRACT.md §3), where the browser's CRLF lives
        const flat = Object.values(body).every((v) => typeof v === 'string');
        if (asForm && flat) for (const [k, v] of Object.entries(body)) r.field(k, v as string);
        else r.send(body);
        const res = await r;
        expectRefusal(res, 'validation_failed');
        expect(res.body.error.fields?.[path], JSON.stringify(res.body)).toBe(REFUSED);
        expect(await snapshot()).toBe(before);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 25) },
    );
  });

  it('the bodies themselves succeed (the property is not vacuous)', async () => {
    for (const call of WRITES.filter((c) => !['auth/change-password', 'user/set-password'].includes(c.name))) {
      const r = request(t.app).post(call.path());
      const who = call.as();
      if (who) r.set(who.auth);
      const res = await r.send(call.body());
      expect(res.status, `${call.name}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
    }
  });
});

describe('control characters in a query value or an id', () => {
  const READS: { name: string; url: (c: string) => string; field: string; signedIn?: boolean }[] = [
    { name: 'search q', url: (c) => `/api/search?q=a${c}b`, field: 'q' },
    { name: 'search page_number', url: (c) => `/api/search?q=a&page_number=1${c}`, field: 'page_number' },
    { name: 'store/getAll', url: (c) => `/api/store/getAll?page_number=${c}1`, field: 'page_number' },
    { name: 'store/get-By-city city', url: (c) => `/api/store/get-By-city?type=0&city=1${c}`, field: 'city' },
    { name: 'store/get id', url: (c) => `/api/store/get/1${c}`, field: 'id' },
    { name: 'store/get-page id', url: (c) => `/api/store/get-page/${c}1`, field: 'id' },
    { name: 'store/reviews id', url: (c) => `/api/store/reviews/1${c}`, field: 'id' },
    { name: 'product/getAll q', url: (c) => `/api/product/getAll?q=${c}`, field: 'q' },
    { name: 'product/get id', url: (c) => `/api/product/get/1${c}`, field: 'id' },
    { name: 'post/getAll', url: (c) => `/api/post/getAll?page_number=2${c}`, field: 'page_number' },
    { name: 'post/get id', url: (c) => `/api/post/get/${c}`, field: 'id' },
    {
      name: 'conversation/get after_id',
      url: (c) => `/api/conversation/get/1?after_id=1${c}`,
      field: 'after_id',
      signedIn: true,
    },
    { name: 'a query key', url: (c) => `/api/search?q=a&k${c}=1`, field: `k` },
  ];

  it.each(READS.map((c) => [c.name, c] as const))('%s: 422 with a field message', async (_n, read) => {
    await fc.assert(
      fc.asyncProperty(control, async (char) => {
        const url = read.url(encodeURIComponent(char));
        const r = request(t.app).get(url);
        if (read.signedIn) r.set(w.farmer.auth);
        const res = await r;
        expectRefusal(res, 'validation_failed');
        const fields = res.body.error.fields as Record<string, string>;
        const key = Object.keys(fields).find((k) => k.startsWith(read.field));
        expect(key && fields[key], `${url} ${JSON.stringify(res.body)}`).toBe(REFUSED);
      }),
      { numRuns: 12 },
    );
  });

  it('the same reads without the character are answered', async () => {
    for (const read of READS.filter((r) => r.field !== 'k')) {
      const r = request(t.app).get(read.url(''));
      if (read.signedIn) r.set(w.farmer.auth);
      const res = await r;
      expect([200, 404], `${read.name}: ${res.status}`).toContain(res.status);
    }
  });
});
