/**
 * Property (as malformed.property.test.ts, for the conversation, message and order writes):
 * malformed bodies never cause a 500, a refusal is a well-formed envelope with its error code
 * (helpers/envelope.ts), and a refused write
 * changes nothing already stored. The generators mix the calls' own field names and plausible
 * ids (a real conversation, store and product) with wrong values, so some bodies get far.
 */
import fc from 'fast-check';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from './helpers/factories';
import { expectRefusal } from './helpers/envelope';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

interface World {
  admin: SignedIn;
  farmer: SignedIn;
  owner: SignedIn;
  conversationId: number;
  storeId: number;
  productId: number;
  orderId: number;
}
let w: World;

beforeAll(async () => {
  const farmer = await t.make.loginAs('farmer');
  const owner = await t.make.loginAs('store');
  const product = await t.make.product(owner.store!.id, { price_cents: 500 });
  const conversation = await t.make.conversation(farmer.user.id, owner.store!);
  const order = await request(t.app)
    .post('/api/order/create')
    .set(farmer.auth)
    .send({
      store_id: owner.store!.id,
      total: '5.00',
      items: [{ product_id: product.id, quantity: 1 }],
      delivery: { province: 1, address: 'دمشق، المزة', phone: '0933333333' },
    });
  w = {
    admin: await t.make.loginAs('admin'),
    farmer,
    owner,
    conversationId: conversation.id,
    storeId: owner.store!.id,
    productId: product.id,
    orderId: order.body.data.id,
  };
});

async function snapshot(): Promise<string> {
  const tables = ['conversations', 'messages', 'orders', 'order_items', 'reviews'] as const;
  const parts = await Promise.all(tables.map((name) => t.db.selectFrom(name).selectAll().orderBy('id').execute()));
  return JSON.stringify(parts);
}

const arabicDigits = fc
  .array(fc.constantFrom('٠', '١', '٢', '٣', '٤', '٥', '٦', '٧', '٨', '٩', '٫', '-', ' ', '.'), { maxLength: 12 })
  .map((a) => a.join(''));
/** Ids of real rows (filled in once the world exists), as numbers and strings. */
const realId = fc.constantFrom('conversation', 'store', 'product', 'order', 'farmer', 'owner').map((k) => {
  const ids = {
    conversation: w.conversationId,
    store: w.storeId,
    product: w.productId,
    order: w.orderId,
    farmer: w.farmer.user.id,
    owner: w.owner.user.id,
  };
  return ids[k];
});
const oddValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(''),
  arabicDigits,
  realId,
  realId.map(String),
  // beyond the integer id columns (PostgreSQL refuses them in a query)
  fc.constantFrom(2 ** 31, 3e9, 1e12, Number.MAX_SAFE_INTEGER),
  fc.integer({ min: 5_000, max: 60_000 }).map((n) => 'ب'.repeat(n)),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
);
/** Order lines: right shapes with wrong values, wrong shapes, and too many lines. */
const oddItems = fc.oneof(
  fc.array(fc.record({ product_id: oddValue, quantity: oddValue }, { requiredKeys: [] }), { maxLength: 4 }),
  fc.array(oddValue, { maxLength: 4 }),
  fc.array(fc.record({ product_id: realId, quantity: fc.integer({ min: -2, max: 1200 }) }), { maxLength: 120 }),
  oddValue,
);

type Body =
  | { kind: 'json'; raw: string }
  | { kind: 'fields'; value: Record<string, unknown> }
  | { kind: 'multipart'; fields: Record<string, string>; file?: Uint8Array }
  | { kind: 'junk'; contentType: string; raw: Uint8Array };

const bodyFor = (fields: string[]): fc.Arbitrary<Body> =>
  fc.oneof(
    fc.jsonValue().map((v): Body => ({ kind: 'json', raw: JSON.stringify(v) ?? 'null' })),
    fc.string().map((s): Body => ({ kind: 'json', raw: s })),
    fc
      .dictionary(fc.oneof(fc.constantFrom(...fields), fc.string()), oddValue, { maxKeys: 8 })
      .map((value): Body => ({ kind: 'fields', value })),
    fc
      .record({ items: oddItems, rest: fc.dictionary(fc.constantFrom(...fields), oddValue, { maxKeys: 5 }) })
      .map(({ items, rest }): Body => ({ kind: 'fields', value: { ...rest, items } })),
    fc
      .record({
        fields: fc.dictionary(fc.constantFrom(...fields), fc.oneof(fc.string(), arabicDigits, realId.map(String)), {
          maxKeys: 6,
        }),
        file: fc.option(fc.uint8Array({ maxLength: 2000 }), { nil: undefined }),
      })
      .map((m): Body => ({ kind: 'multipart', ...m })),
    fc
      .record({
        contentType: fc.constantFrom(
          'multipart/form-data; boundary=abc',
          'multipart/form-data',
          'application/json',
          'application/x-www-form-urlencoded',
          'text/plain',
        ),
        raw: fc.uint8Array({ maxLength: 3000 }),
      })
      .map((j): Body => ({ kind: 'junk', ...j })),
  );

function send(path: string, who: SignedIn, body: Body) {
  const r = request(t.app).post(path).set(who.auth);
  switch (body.kind) {
    case 'json':
      return r.set('Content-Type', 'application/json').send(body.raw);
    case 'fields':
      return r.send(body.value as object);
    case 'multipart': {
      for (const [k, v] of Object.entries(body.fields)) r.field(k, v);
      if (body.file) r.attach('image', Buffer.from(body.file), { filename: 'x.png', contentType: 'image/png' });
      return r;
    }
    case 'junk':
      return r.set('Content-Type', body.contentType).send(Buffer.from(body.raw));
  }
}

interface Write {
  name: string;
  path: () => string;
  as: () => SignedIn;
  fields: string[];
  /** For calls that consume their target (delete): a new one for each run. Replaces `path` and `as`. */
  fresh?: () => Promise<{ path: string; as: SignedIn }>;
}

const WRITES: Write[] = [
  {
    name: 'conversation/create',
    path: () => '/api/conversation/create',
    as: () => w.farmer,
    fields: ['sender_id', 'receiver_id', 'store_id'],
  },
  {
    name: 'conversation/update',
    path: () => `/api/conversation/update/${w.conversationId}`,
    as: () => w.farmer,
    fields: ['last_read_message_id'],
  },
  {
    name: 'message/create',
    path: () => '/api/message/create',
    as: () => w.farmer,
    fields: ['conversation_id', 'user_id', 'message', 'client_id'],
  },
  {
    name: 'order/create',
    path: () => '/api/order/create',
    as: () => w.farmer,
    fields: ['user_id', 'store_id', 'total', 'items', 'client_id', 'delivery'],
  },
  {
    name: 'order/update',
    path: () => `/api/order/update/${w.orderId}`,
    as: () => w.owner,
    fields: ['status'],
  },
  {
    name: 'conversation/delete',
    path: () => {
      throw new Error('conversation/delete takes a fresh conversation per run');
    },
    as: () => w.admin,
    fields: ['id', 'sender_id', 'store_id'],
    fresh: async () => {
      // one conversation per user and store: a new farmer each run
      const farmer = await t.make.user();
      const store = await t.db.selectFrom('stores').selectAll().where('id', '=', w.storeId).executeTakeFirstOrThrow();
      const conversation = await t.make.conversation(farmer.id, store);
      return { path: `/api/conversation/delete/${conversation.id}`, as: w.admin };
    },
  },
];

describe('malformed bodies on the conversation, message and order writes', () => {
  it.each(WRITES.map((c) => [c.name, c] as const))('%s: never 500, refused writes change nothing', async (_n, call) => {
    await fc.assert(
      fc.asyncProperty(bodyFor(call.fields), async (body) => {
        const target = call.fresh ? await call.fresh() : { path: call.path(), as: call.as() };
        const before = await snapshot();
        const res = await send(target.path, target.as, body);
        expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBeLessThan(500);
        expect(res.body.status).toBe(res.status);
        if (res.status !== 200) {
          expectRefusal(res);
          expect(await snapshot()).toBe(before);
        }
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 40) },
    );
  });
});
