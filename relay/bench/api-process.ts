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
 * BENCH_CPU_PROF=<dir>: a V8 CPU profile of this process (node:inspector), written when it stops.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { createServer } from 'node:http';
import { createApi, loadConfig } from '@agrivet/api';
import { attachRelay } from '../src/index';
import { pino } from 'pino';
import { cloneUsers, seedPairs } from './seed-pairs';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const api = await createApi(config, { logger: pino({ level: 'silent' }) });
const seedCount = Number(process.env.BENCH_USERS || 0);
if (seedCount > 0 && process.env.BENCH_USERS_FILE) {
  const users = await cloneUsers(api.db, '0944444444', seedCount, '07');
  writeFileSync(process.env.BENCH_USERS_FILE, JSON.stringify(users.map(([, token]) => token)));
}
const pairCount = Number(process.env.BENCH_PAIRS || 0);
if (pairCount > 0 && process.env.BENCH_PAIRS_FILE) {
  writeFileSync(process.env.BENCH_PAIRS_FILE, JSON.stringify(await seedPairs(api.db, pairCount)));
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
const profiler = process.env.BENCH_CPU_PROF ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
process.on('SIGTERM', async () => {
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    mkdirSync(process.env.BENCH_CPU_PROF as string, { recursive: true });
    writeFileSync(
      path.join(process.env.BENCH_CPU_PROF as string, `api-relay-${process.pid}.cpuprofile`),
      JSON.stringify(profile),
    );
  }
  await relay?.close();
  server.close(() => void api.close().then(() => process.exit(0)));
  server.closeAllConnections();
});
