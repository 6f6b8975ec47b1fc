/**
 * Seeding of `npm run bench:scale` (scripts/bench-scale.mjs), straight into the database of a product that
 * has migrated and loaded the demo data (no password hashing, no HTTP): `farmers` clones of the demo farmer
 * (0944444444) and one store per `perStore` farmers — clones of the demo store account (0911111111), paid
 * up, always open, no away reply — each farmer in one conversation with its store, every account with a
 * token of its own.
 *   DATABASE_URL=… BENCH_FARMERS=10000 BENCH_PER_STORE=20 BENCH_SEED_FILE=seed.json node --import tsx api/bench/scale-seed.ts
 * writes `{ stores: [{ owner, conversations: [{ id, farmer }] }] }` (tokens) to BENCH_SEED_FILE.
 */
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { createDb } from '../src/db/create-db';
import type { Database } from '../src/db/types';

export interface ScaleSeed {
  stores: { owner: string; conversations: { id: number; farmer: string }[] }[];
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
/** A row read back (PostgreSQL gives Dates) as values to insert again. */
const plain = <T extends Record<string, unknown>>(row: T): T =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, iso(v)])) as T;

const BATCH = 500;

/** `count` clones of the account with this phone, each with a token: [id, token][]. */
async function cloneAccounts(
  db: Kysely<Database>,
  phone: string,
  count: number,
  prefix: string,
): Promise<[number, string][]> {
  const { id: _id, ...template } = plain(
    await db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow(),
  );
  const now = new Date().toISOString();
  const out: [number, string][] = [];
  for (let start = 0; start < count; start += BATCH) {
    await db.transaction().execute(async (trx) => {
      const rows = [];
      for (let i = start; i < Math.min(count, start + BATCH); i++) {
        rows.push({
          ...template,
          sub_ends_at: template.sub_ends_at === null ? null : new Date(Date.now() + 30 * 86_400_000).toISOString(),
          sub_grace_ends_at: null,
          blocked_at: null,
          created_at: now,
          updated_at: now,
          phone: `${prefix}${String(i).padStart(10 - prefix.length, '0')}`,
          name: `قياس ${prefix} ${i}`,
        });
      }
      const ids = await trx.insertInto('users').values(rows).returning('id').execute();
      const tokens = ids.map(({ id }) => {
        const token = randomBytes(32).toString('base64url');
        out.push([Number(id), token]);
        return {
          user_id: id,
          token_hash: createHash('sha256').update(token).digest('hex'),
          created_at: now,
          last_used_at: now,
        };
      });
      await trx.insertInto('auth_tokens').values(tokens).execute();
    });
  }
  return out;
}

export async function seedScale(db: Kysely<Database>, farmers: number, perStore: number): Promise<ScaleSeed> {
  const storeCount = Math.max(1, Math.ceil(farmers / perStore));
  const farmerAccounts = await cloneAccounts(db, '0944444444', farmers, '071');
  const owners = await cloneAccounts(db, '0911111111', storeCount, '072');
  const {
    id: _sid,
    user_id: _uid,
    ...storeTemplate
  } = plain(
    await db
      .selectFrom('stores')
      .innerJoin('users', 'users.id', 'stores.user_id')
      .selectAll('stores')
      .where('users.phone', '=', '0911111111')
      .executeTakeFirstOrThrow(),
  );
  const now = new Date().toISOString();
  const seed: ScaleSeed = { stores: [] };
  const storeIds: number[] = [];
  for (let start = 0; start < storeCount; start += BATCH) {
    const rows = owners.slice(start, start + BATCH).map(([userId], k) => ({
      ...storeTemplate,
      // always open, no away reply: the load measures the chat, not the automatic replies
      hours: null,
      away_message: null,
      user_id: userId,
      name_store: `${storeTemplate.name_store} ${start + k}`,
      created_at: now,
      updated_at: now,
    }));
    for (const { id } of await db.insertInto('stores').values(rows).returning('id').execute())
      storeIds.push(Number(id));
  }
  for (const [, token] of owners) seed.stores.push({ owner: token, conversations: [] });
  for (let start = 0; start < farmers; start += BATCH) {
    const slice = farmerAccounts.slice(start, start + BATCH);
    const rows = slice.map(([farmerId], k) => {
      const s = Math.floor((start + k) / perStore);
      return {
        sender_id: farmerId,
        receiver_id: (owners[s] as [number, string])[0],
        store_id: storeIds[s] as number,
        sender_last_read_id: 0,
        receiver_last_read_id: 0,
        last_message_id: null,
        created_at: now,
        updated_at: now,
      };
    });
    const ids = await db.insertInto('conversations').values(rows).returning('id').execute();
    for (const [k, { id }] of ids.entries()) {
      const s = Math.floor((start + k) / perStore);
      seed.stores[s]?.conversations.push({ id: Number(id), farmer: (slice[k] as [number, string])[1] });
    }
  }
  return seed;
}

// as a command (bench:scale)
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.env.DATABASE_URL ?? '';
  const db = createDb(
    url.startsWith('postgres') ? { kind: 'postgres', url } : { kind: 'sqlite', file: url.replace(/^sqlite:/, '') },
  );
  try {
    const seed = await seedScale(
      db.kysely,
      Number(process.env.BENCH_FARMERS || 10_000),
      Number(process.env.BENCH_PER_STORE || 20),
    );
    writeFileSync(process.env.BENCH_SEED_FILE ?? 'scale-seed.json', JSON.stringify(seed));
  } finally {
    await db.close();
  }
}
