/**
 * Child process of the relay benchmark: the API alone on BENCH_PORT over a new SQLite file with the
 * demo data. BENCH_USERS=n with BENCH_USERS_FILE: n extra farmer accounts (clones of the demo
 * farmer, distinct phones) with one token each are seeded directly, the tokens written to the file
 * as a JSON array — the idle-socket figures then hold one user per socket, as in production.
 * BENCH_PAIRS=n with BENCH_PAIRS_FILE: n more farmers and n store accounts (clones of the demo store
 * owner) with a store each and one conversation per pair, written as [{ conversationId, farmer,
 * owner }] (tokens) — the fan-out load.
 * BENCH_RELAY=inprocess: the relay is attached to this same server, as `npm start` runs it (one
 * process: API, relay, SQLite; the events reach the relay in process) — the one-process figures.
 */
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createApi, loadConfig } from '@agrivet/api';
import { attachRelay } from '../src/index';
import { pino } from 'pino';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const api = await createApi(config, { logger: pino({ level: 'silent' }) });
const now = new Date().toISOString();
let phoneSeq = 0;

/** `count` clones of the user with this phone, each with a token; returns [id, token][]. */
async function cloneUsers(phone: string, count: number): Promise<[number, string][]> {
  const { id: _id, ...template } = await api.db
    .selectFrom('users')
    .selectAll()
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
  const out: [number, string][] = [];
  await api.db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(count, start + 500); i++) {
        const n = phoneSeq++;
        rows.push({
          ...template,
          // not blocked (timestamps of the template would read back as Date on PG)
          sub_ends_at: template.sub_ends_at === null ? null : new Date(Date.now() + 30 * 86_400_000).toISOString(),
          sub_grace_ends_at: null,
          blocked_at: null,
          created_at: now,
          updated_at: now,
          phone: `07${String(n).padStart(8, '0')}`,
          name: `bench ${n}`,
        });
      }
      const ids = await trx.insertInto('users').values(rows).returning('id').execute();
      const tokenRows = ids.map(({ id }) => {
        const token = randomBytes(32).toString('base64url');
        out.push([id, token]);
        const hash = createHash('sha256').update(token).digest('hex');
        return { user_id: id, token_hash: hash, created_at: now, last_used_at: now };
      });
      await trx.insertInto('auth_tokens').values(tokenRows).execute();
    }
  });
  return out;
}

const seedCount = Number(process.env.BENCH_USERS || 0);
if (seedCount > 0 && process.env.BENCH_USERS_FILE) {
  const users = await cloneUsers('0944444444', seedCount);
  writeFileSync(process.env.BENCH_USERS_FILE, JSON.stringify(users.map(([, token]) => token)));
}

const pairCount = Number(process.env.BENCH_PAIRS || 0);
if (pairCount > 0 && process.env.BENCH_PAIRS_FILE) {
  const farmers = await cloneUsers('0944444444', pairCount);
  const owners = await cloneUsers('0911111111', pairCount);
  const {
    id: _sid,
    user_id: _uid,
    ...storeTemplate
  } = await api.db
    .selectFrom('stores')
    .innerJoin('users', 'users.id', 'stores.user_id')
    .selectAll('stores')
    .where('users.phone', '=', '0911111111')
    .executeTakeFirstOrThrow();
  const pairs: { conversationId: number; farmer: string; owner: string }[] = [];
  await api.db.transaction().execute(async (trx) => {
    for (let start = 0; start < pairCount; start += 500) {
      const end = Math.min(pairCount, start + 500);
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
        pairs.push({ conversationId: id, farmer: farmers[start + k][1], owner: owners[start + k][1] });
      }
    }
  });
  writeFileSync(process.env.BENCH_PAIRS_FILE, JSON.stringify(pairs));
}

const server = createServer(api.handler);
server.keepAliveTimeout = 65_000;
const port = Number(process.env.BENCH_PORT);
let relay: ReturnType<typeof attachRelay> | undefined;
server.listen(port, '127.0.0.1', async () => {
  if (process.env.BENCH_RELAY === 'inprocess') {
    relay = attachRelay(server, {
      apiUrl: `http://127.0.0.1:${port}/api`,
      events: api.events,
      logger: pino({ level: 'silent' }),
    });
    api.sessions.subscribe((end) => relay?.endSessions(end));
    await relay.ready;
  }
  process.send?.('ready');
});
process.on('SIGTERM', async () => {
  await relay?.close();
  server.close(() => void api.close().then(() => process.exit(0)));
  server.closeAllConnections();
});
