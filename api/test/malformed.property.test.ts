/**
 * Property: malformed bodies sent to every write (writes.table.ts) never cause a 500, and when a
 * write is refused nothing already stored changes.
 */
import fc from 'fast-check';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from './helpers/envelope';
import { useTestApi } from './helpers/test-api';
import type { Actor } from './roles.table';
import { WRITE_CALLS, type WriteWorld } from './writes.table';

const t = useTestApi();
let world: WriteWorld;

beforeAll(async () => {
  const store = await t.make.loginAs('store');
  world = {
    t,
    admin: await t.make.loginAs('admin'),
    farmer: await t.make.loginAs('farmer'),
    storeless: await t.make.loginAs('store', { withStore: false }),
    store: {
      ...store,
      store: store.store!,
      product: await t.make.product(store.store!.id),
      post: await t.make.post(store.user.id),
    },
  };
});

/** Everything a user could lose: the stored rows of every table but the bookkeeping ones. */
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
  ] as const;
  const parts = await Promise.all(tables.map((name) => t.db.selectFrom(name).selectAll().orderBy('id').execute()));
  // sessions: a refused logout (or any refused write) revokes nothing (last_used_at may move)
  const tokens = await t.db.selectFrom('auth_tokens').select(['id', 'user_id', 'revoked_at']).orderBy('id').execute();
  return JSON.stringify([...parts, tokens]);
}

const arabicDigits = fc
  .array(fc.constantFrom('٠', '١', '٢', '٣', '٤', '٥', '٦', '٧', '٨', '٩', '٫', '-', ' '), { maxLength: 12 })
  .map((a) => a.join(''));
const hugeString = fc.integer({ min: 5_000, max: 60_000 }).map((n) => 'ب'.repeat(n));
const oddValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(''),
  arabicDigits,
  hugeString,
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
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
      .record({
        fields: fc.dictionary(
          fc.oneof(
            fc.constantFrom(...fields),
            fc.string({ minLength: 1, maxLength: 10 }).filter((s) => /^\w+$/.test(s)),
          ),
          fc.oneof(fc.string(), arabicDigits),
          { maxKeys: 6 },
        ),
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
          'application/octet-stream',
        ),
        raw: fc.uint8Array({ maxLength: 3000 }),
      })
      .map((j): Body => ({ kind: 'junk', ...j })),
  );

function send(path: string, who: Actor | undefined, body: Body) {
  const r = request(t.app).post(path);
  if (who) r.set(who.auth);
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

describe('malformed bodies on every write', () => {
  it.each(WRITE_CALLS.map((c) => [c.name, c] as const))(
    '%s: never 500, refused writes change nothing',
    async (_n, call) => {
      await fc.assert(
        fc.asyncProperty(bodyFor(call.fields), async (body) => {
          const target = call.fresh ? await call.fresh(world) : { path: call.path(world), as: call.as(world) };
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
    },
  );
});
