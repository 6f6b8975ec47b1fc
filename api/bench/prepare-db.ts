/**
 * Child process of `npm run bench:api`: builds the benchmark's SQLite database once, with the code of
 * the checkout BENCH_SEED_ROOT (its migrations, password hash, search text and token functions), so
 * the file suits that checkout and every later one (their migrations run forward on a copy).
 *   BENCH_SEED_ROOT=<checkout> BENCH_DB_FILE=<out.db> BENCH_META_FILE=<out.json> BENCH_SIZES=<json Sizes>
 * The meta file holds what the load generators need: tokens of real users, their conversations,
 * store ids, search words and the migrations the file has run.
 */
import { createRequire } from 'node:module';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/types';
import { grow, PRODUCT_NAMES, PRODUCT_WORDS, STORE_WORDS, type SeedDeps, type Sizes, seedBase } from './seed-bulk';

const root = path.resolve(process.env.BENCH_SEED_ROOT ?? '');
const out = path.resolve(process.env.BENCH_DB_FILE ?? '');
const metaFile = path.resolve(process.env.BENCH_META_FILE ?? '');
const sizes = JSON.parse(process.env.BENCH_SIZES ?? '{}') as Sizes;
/** Farmer / store-owner pairs with a conversation of their own: 2 sockets each. */
const PAIRS = 1_000;

interface Db {
  kysely: Kysely<Database>;
  close(): Promise<void>;
}

/** A module of the checkout being measured (through tsx: its TypeScript sources). */
const load = <T>(rel: string): Promise<T> => import(pathToFileURL(path.join(root, rel)).href) as Promise<T>;

const { createDb } = await load<{ createDb(c: { kind: 'sqlite'; file: string }): Db }>('api/src/db/create-db.ts');
const { migrate } = await load<{ migrate(db: Db): Promise<unknown> }>('api/src/db/migrate.ts');
const { hashPassword } = await load<Pick<SeedDeps, 'hashPassword'>>('api/src/auth/passwords.ts');
const search = await load<Omit<SeedDeps, 'hashPassword'>>('api/src/search/search-text.ts');
const { issueToken } = await load<{ issueToken(db: Kysely<Database>, userId: number): Promise<string> }>(
  'api/src/auth/tokens.ts',
);
const deps: SeedDeps = { hashPassword, ...search };

const building = `${out}.building`;
for (const f of [building, `${building}-wal`, `${building}-shm`]) rmSync(f, { force: true });
const t0 = Date.now();
const db = createDb({ kind: 'sqlite', file: building });
try {
  await migrate(db);
  const people = await seedBase(db.kysely, deps);
  await grow(db.kysely, sizes, deps);
  console.log(`  seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

  const conversations = await db.kysely
    .selectFrom('conversations')
    .select(['id', 'sender_id', 'receiver_id'])
    .orderBy('id')
    .offset(40)
    .limit(PAIRS)
    .execute();
  const users = new Set(conversations.flatMap((c) => [c.sender_id, c.receiver_id]));
  if (users.size !== 2 * PAIRS) throw new Error(`expected ${2 * PAIRS} distinct chat users, got ${users.size}`);
  const pairs = await db.kysely.transaction().execute(async (trx) => {
    const list = [];
    for (const c of conversations) {
      list.push({
        conversationId: c.id,
        farmer: { id: c.sender_id, token: await issueToken(trx, c.sender_id) },
        owner: { id: c.receiver_id, token: await issueToken(trx, c.receiver_id) },
      });
    }
    return list;
  });
  const farmerToken = await issueToken(db.kysely, people.farmerId);
  const stores = await db.kysely.selectFrom('stores').select('id').orderBy('id').execute();
  const migrations = await db.kysely
    .selectFrom('kysely_migration' as never)
    .select('name' as never)
    .execute();
  const meta = {
    builtWith: root,
    builtAt: new Date().toISOString(),
    sizes,
    migrations: (migrations as { name: string }[]).map((m) => m.name).sort(),
    farmer: { id: people.farmerId, token: farmerToken, conversationId: people.conversationId },
    pairs,
    storeIds: stores.map((s) => s.id),
    productNames: PRODUCT_NAMES,
    productWords: PRODUCT_WORDS,
    storeWords: STORE_WORDS,
  };
  await db.close();
  // one self-contained file: the WAL folded in
  const require = createRequire(path.join(root, 'api', 'package.json'));
  const SQLite = require('better-sqlite3') as new (file: string) => { pragma(s: string): unknown; close(): void };
  const raw = new SQLite(building);
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.close();
  for (const f of [`${building}-wal`, `${building}-shm`]) if (existsSync(f)) rmSync(f);
  renameSync(building, out);
  writeFileSync(metaFile, JSON.stringify(meta));
  process.exit(0);
} catch (err) {
  console.error(err);
  await db.close().catch(() => {});
  process.exit(1);
}
