/**
 * Seeding for the relay benchmarks, straight into the database (no password hashing, no HTTP):
 * clones of the demo farmer (0944444444) and demo store owner (0911111111) with one token each, and
 * farmer / store-account pairs with a store each (always open, no away reply) and one conversation.
 * Used by api-process.ts (SQLite) and, as a command, by `npm run bench:scale` (its SQLite product and
 * its PostgreSQL cluster, after they have migrated and seeded the demo):
 *   DATABASE_URL=… BENCH_PAIRS=1000 BENCH_PAIRS_FILE=pairs.json node --import tsx relay/bench/seed-pairs.ts
 */
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../../api/src/db/types';

export interface SeededPair {
  conversationId: number;
  /** Tokens of the farmer and of the store's account. */
  farmer: string;
  owner: string;
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
/** Date values read back from PostgreSQL written again as ISO strings. */
const plain = <T extends Record<string, unknown>>(row: T): T =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, iso(v)])) as T;

/** `count` clones of the user with this phone, each with a token: [id, token][]. */
export async function cloneUsers(
  db: Kysely<Database>,
  phone: string,
  count: number,
  phonePrefix: string,
): Promise<[number, string][]> {
  const { id: _id, ...template } = plain(
    await db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow(),
  );
  const now = new Date().toISOString();
  const out: [number, string][] = [];
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(count, start + 500); i++) {
        rows.push({
          ...template,
          // a paid-up store account (a farmer has none), not blocked
          sub_ends_at: template.sub_ends_at === null ? null : new Date(Date.now() + 30 * 86_400_000).toISOString(),
          sub_grace_ends_at: null,
          blocked_at: null,
          created_at: now,
          updated_at: now,
          phone: `${phonePrefix}${String(i).padStart(10 - phonePrefix.length, '0')}`,
          name: `bench ${phonePrefix} ${i}`,
        });
      }
      const ids = await trx.insertInto('users').values(rows).returning('id').execute();
      const tokenRows = ids.map(({ id }) => {
        const token = randomBytes(32).toString('base64url');
        out.push([Number(id), token]);
        const hash = createHash('sha256').update(token).digest('hex');
        return { user_id: id, token_hash: hash, created_at: now, last_used_at: now };
      });
      await trx.insertInto('auth_tokens').values(tokenRows).execute();
    }
  });
  return out;
}

/** `count` farmer / store-account pairs, a store each and one conversation per pair. */
export async function seedPairs(db: Kysely<Database>, count: number): Promise<SeededPair[]> {
  const farmers = await cloneUsers(db, '0944444444', count, '061');
  const owners = await cloneUsers(db, '0911111111', count, '062');
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
  const pairs: SeededPair[] = [];
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += 500) {
      const end = Math.min(count, start + 500);
      const stores = await trx
        .insertInto('stores')
        .values(
          owners.slice(start, end).map(([userId], k) => ({
            ...storeTemplate,
            // always open, no away reply: the load measures the chat, not the inbox's automatic replies
            hours: null,
            away_message: null,
            user_id: userId,
            name_store: `${storeTemplate.name_store} ${start + k}`,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      const conversations = await trx
        .insertInto('conversations')
        .values(
          stores.map(({ id }, k) => ({
            sender_id: farmers[start + k][0],
            receiver_id: owners[start + k][0],
            store_id: id,
            sender_last_read_id: 0,
            receiver_last_read_id: 0,
            last_message_id: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      for (const [k, { id }] of conversations.entries()) {
        pairs.push({ conversationId: Number(id), farmer: farmers[start + k][1], owner: owners[start + k][1] });
      }
    }
  });
  return pairs;
}

// as a command (bench:scale)
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { createDb } = await import('../../api/src/db/create-db');
  const url = process.env.DATABASE_URL ?? '';
  const db = createDb(
    url.startsWith('postgres') ? { kind: 'postgres', url } : { kind: 'sqlite', file: url.replace(/^sqlite:/, '') },
  );
  try {
    const pairs = await seedPairs(db.kysely, Number(process.env.BENCH_PAIRS || 1000));
    writeFileSync(process.env.BENCH_PAIRS_FILE ?? 'pairs.json', JSON.stringify(pairs));
  } finally {
    await db.close();
  }
}
