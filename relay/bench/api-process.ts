/**
 * Child process of the relay benchmark: the API alone on BENCH_PORT over a new SQLite file with the
 * demo data. BENCH_USERS=n with BENCH_USERS_FILE: n extra farmer accounts (clones of the demo
 * farmer, distinct phones) with one token each are seeded directly, the tokens written to the file
 * as a JSON array — the idle-socket figures then hold one user per socket, as in production.
 */
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createApi, loadConfig } from '@agrivet/api';
import { pino } from 'pino';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const api = await createApi(config, { logger: pino({ level: 'silent' }) });
const seedCount = Number(process.env.BENCH_USERS || 0);
if (seedCount > 0 && process.env.BENCH_USERS_FILE) {
  const { id: _id, ...template } = await api.db
    .selectFrom('users')
    .selectAll()
    .where('phone', '=', '0944444444')
    .executeTakeFirstOrThrow();
  const tokens: string[] = [];
  const now = new Date().toISOString();
  await api.db.transaction().execute(async (trx) => {
    for (let start = 0; start < seedCount; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(seedCount, start + 500); i++) {
        rows.push({
          ...template,
          // a farmer: no subscription, not blocked (timestamps of the template would read back as Date on PG)
          sub_ends_at: null,
          sub_grace_ends_at: null,
          blocked_at: null,
          created_at: now,
          updated_at: now,
          phone: `07${String(i).padStart(8, '0')}`,
          name: `bench ${i}`,
        });
      }
      const ids = await trx.insertInto('users').values(rows).returning('id').execute();
      const tokenRows = ids.map(({ id }) => {
        const token = randomBytes(32).toString('base64url');
        tokens.push(token);
        const hash = createHash('sha256').update(token).digest('hex');
        return { user_id: id, token_hash: hash, created_at: now, last_used_at: now };
      });
      await trx.insertInto('auth_tokens').values(tokenRows).execute();
    }
  });
  writeFileSync(process.env.BENCH_USERS_FILE, JSON.stringify(tokens));
}

const server = createServer(api.handler);
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.BENCH_PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => {
  server.close(() => void api.close().then(() => process.exit(0)));
  server.closeAllConnections();
});
