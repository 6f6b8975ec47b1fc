/**
 * `npm run bench:relay`: what the relay costs and holds, every part in its own process
 * (API on SQLite, the built standalone relay — the two joined by a throwaway redis-server, where the
 * API publishes its events — a bare socket.io echo server, the clients here).
 *   1. latency sender → other participant (emit → the receiver's message:new) through
 *      relay + REST + DB, beside the bare echo server: one pair, messages one at a time;
 *   2. the same at 2,000 connected sockets with 100 messages/s in all (50 chatting pairs);
 *   3. idle authenticated sockets one relay process holds (aim 10,000) and memory per socket.
 * Idle sockets belong to distinct users (seeded straight into the API's database), so each sits in
 * its own user room as in production; memory is read after forced full GCs (the relay runs with
 * --expose-gc and gc-hook.mjs), heap and RSS.
 * BENCH_IDLE=n changes the idle target; BENCH_SECONDS the load duration (default 10).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AuthPayload, Conversation, Message, Store } from '@agrivet/shared';
import { io, type Socket } from 'socket.io-client';
import type WebSocket from 'ws';
import {
  cpuOf,
  forkReady,
  freePort,
  memoryAfterGc,
  ms,
  openRaw,
  rssOf,
  type Stats,
  sleep,
  startRelayProcess,
  stats,
  stop,
} from './lib';

const here = path.dirname(fileURLToPath(import.meta.url));
const relayDir = path.resolve(here, '..');
const PAIRS = 50;
const LOAD_SOCKETS = 2_000;
const RATE = 100;
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const IDLE_TARGET = Number(process.env.BENCH_IDLE || 10_000);
const SEQUENTIAL = 300;

interface Pair {
  sender: Socket;
  receiver: Socket;
  conversationId: number;
}

async function post<T>(apiUrl: string, p: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${apiUrl}/${p}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { status: number; data: T; error?: { message: string } };
  if (json.status !== 200) throw new Error(`${p}: ${json.status} ${json.error?.message}`);
  return json.data;
}

const register = (apiUrl: string, phone: string, type: number, name: string) =>
  post<AuthPayload>(apiUrl, 'auth/register', {
    phone,
    name,
    type,
    password: 'bench1234',
    password_confirmation: 'bench1234',
  });

/** PAIRS farmers and PAIRS store accounts with a store each, and one conversation per pair. */
async function makePeople(apiUrl: string) {
  const people: { farmer: AuthPayload; store: AuthPayload; conversationId: number }[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const n = String(i).padStart(4, '0');
    const [farmer, owner] = await Promise.all([
      register(apiUrl, `097700${n}`, 2, `مزارع ${i}`),
      register(apiUrl, `098800${n}`, 1, `صيدلية ${i}`),
    ]);
    const store = await post<Store>(
      apiUrl,
      'store/create',
      { city: 1 + (i % 12), address: 'شارع الاختبار', name_store: `صيدلية القياس ${i}`, type: 0 },
      owner.token,
    );
    const conversation = await post<Conversation>(
      apiUrl,
      'conversation/create',
      { sender_id: farmer.user.id, receiver_id: owner.user.id, store_id: store.id },
      farmer.token,
    );
    people.push({ farmer, store: owner, conversationId: conversation.id });
  }
  return people;
}

function connect(url: string, token: string): Promise<Socket> {
  const socket = io(url, { auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const join = (s: Socket, conversationId: number) =>
  s.timeout(10_000).emitWithAck('conversation:join', { conversation_id: conversationId });

async function openPairs(url: string, people: Awaited<ReturnType<typeof makePeople>>, count: number) {
  const pairs: Pair[] = [];
  for (const p of people.slice(0, count)) {
    const [sender, receiver] = await Promise.all([connect(url, p.farmer.token), connect(url, p.store.token)]);
    await Promise.all([join(sender, p.conversationId), join(receiver, p.conversationId)]);
    pairs.push({ sender, receiver, conversationId: p.conversationId });
  }
  return pairs;
}

/** Wires receivers so that each arrival of a bench message records its latency. */
function measure(pairs: Pair[]) {
  const sentAt = new Map<string, number>();
  const samples: number[] = [];
  const waiters = new Map<string, () => void>();
  for (const pair of pairs) {
    pair.receiver.on('message:new', ({ message }: { message: Message }) => {
      const id = message.client_id ?? '';
      const t0 = sentAt.get(id);
      if (t0 === undefined) return;
      sentAt.delete(id);
      samples.push(performance.now() - t0);
      waiters.get(id)?.();
      waiters.delete(id);
    });
  }
  let seq = 0;
  const send = (pair: Pair): Promise<void> => {
    const clientId = `bench-${process.pid}-${++seq}`;
    const arrived = new Promise<void>((resolve) => waiters.set(clientId, resolve));
    sentAt.set(clientId, performance.now());
    pair.sender.emit(
      'message:send',
      { conversation_id: pair.conversationId, message: `رسالة قياس ${seq}`, client_id: clientId },
      () => {},
    );
    return arrived;
  };
  return { samples, send, lost: () => sentAt.size };
}

async function sequential(pairs: Pair[], count: number): Promise<Stats> {
  const m = measure(pairs.slice(0, 1));
  for (let i = 0; i < 30; i++) await m.send(pairs[0]); // warm-up
  m.samples.length = 0;
  for (let i = 0; i < count; i++) await m.send(pairs[0]);
  return stats(m.samples);
}

async function atRate(pairs: Pair[], perSecond: number, seconds: number): Promise<Stats & { lost: number }> {
  const m = measure(pairs);
  const total = perSecond * seconds;
  const started = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.floor(((performance.now() - started) / 1000) * perSecond);
    while (sent < Math.min(due, total)) void m.send(pairs[sent++ % pairs.length]);
    await sleep(5);
  }
  await sleep(3_000);
  return { ...stats(m.samples), lost: m.lost() };
}

const closeAll = (pairs: Pair[], raw: WebSocket[]) => {
  for (const p of pairs) {
    p.sender.close();
    p.receiver.close();
  }
  for (const w of raw) w.terminate();
};

async function main(): Promise<void> {
  console.log(`building the relay … (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs)`);
  execFileSync(process.execPath, [path.join(relayDir, 'build.mjs')], { stdio: 'inherit' });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agrivet-bench-relay-'));
  const [apiPort, relayPort, echoPort] = [await freePort(), await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}/api`;
  // the API publishes its events on Redis, where the standalone relay hears them (docs/relay.md)
  const { startRedis } = (await import(pathToFileURL(path.resolve(relayDir, '../scripts/lib/redis.mjs')).href)) as {
    startRedis(): Promise<{ url: string; stop(): Promise<void> }>;
  };
  const redis = await startRedis();
  const children = [
    await forkReady(path.join(here, 'api-process.ts'), {
      BENCH_PORT: String(apiPort),
      DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}`,
      STORAGE_DIR: path.join(dir, 'storage'),
      BENCH_USERS: String(Math.max(IDLE_TARGET, LOAD_SOCKETS)),
      BENCH_USERS_FILE: path.join(dir, 'tokens.json'),
      // load beyond what one person sends: the API's per-user limits would refuse it
      RATE_LIMITS: 'off',
      REDIS_URL: redis.url,
    }),
    await forkReady(path.join(here, 'echo-server.ts'), { BENCH_PORT: String(echoPort) }),
  ];
  const memFile = path.join(dir, 'relay-memory.json');
  const relay = await startRelayProcess(path.join(relayDir, 'dist/main.js'), relayPort, apiUrl, {
    execArgv: ['--expose-gc', '--import', pathToFileURL(path.join(here, 'gc-hook.mjs')).href],
    env: { BENCH_MEM_FILE: memFile, REDIS_URL: redis.url },
  });
  children.push(relay);
  const relayUrl = `http://127.0.0.1:${relayPort}`;
  const echoUrl = `http://127.0.0.1:${echoPort}`;
  const rows: string[] = [];
  try {
    console.log(`preparing ${PAIRS} farmer/store pairs …`);
    const people = await makePeople(apiUrl);
    // One distinct user per idle socket (seeded by api-process.ts).
    const tokens = JSON.parse(readFileSync(path.join(dir, 'tokens.json'), 'utf8')) as string[];

    // 1. one pair, one message at a time
    const relayPairs = await openPairs(relayUrl, people, 1);
    const echoPairs = await openPairs(echoUrl, people, 1);
    const r1 = await sequential(relayPairs, SEQUENTIAL);
    const e1 = await sequential(echoPairs, SEQUENTIAL);
    closeAll([...relayPairs, ...echoPairs], []);
    rows.push(
      `| 1 pair, one message at a time (${r1.n}) | ${ms(r1.p50)} / ${ms(r1.p99)} | ${ms(e1.p50)} / ${ms(e1.p99)} | ${(r1.p50 / e1.p50).toFixed(1)}× / ${(r1.p99 / e1.p99).toFixed(1)}× |`,
    );
    console.log(rows.at(-1));

    // 2. 2,000 connected sockets, 100 messages/s over 50 pairs
    const idleCount = LOAD_SOCKETS - 2 * PAIRS;
    const loadRelay = await openPairs(relayUrl, people, PAIRS);
    const idleRelay = await openRaw(relayPort, tokens, idleCount);
    const cpu0 = { relay: cpuOf(relay.pid!), api: cpuOf(children[0].pid!) };
    const r2 = await atRate(loadRelay, RATE, SECONDS);
    const cpuPerMessage = {
      relay: ((cpuOf(relay.pid!) - cpu0.relay) * 1000) / Math.max(1, r2.n),
      api: ((cpuOf(children[0].pid!) - cpu0.api) * 1000) / Math.max(1, r2.n),
    };
    const relayRssAtLoad = rssOf(relay.pid!);
    closeAll(loadRelay, idleRelay);
    const loadEcho = await openPairs(echoUrl, people, PAIRS);
    const idleEcho = await openRaw(echoPort, tokens, idleCount);
    const e2 = await atRate(loadEcho, RATE, SECONDS);
    closeAll(loadEcho, idleEcho);
    rows.push(
      `| ${idleRelay.length + 2 * PAIRS} sockets, ${RATE} msg/s over ${PAIRS} pairs for ${SECONDS} s (${r2.n}, lost ${r2.lost}) | ${ms(r2.p50)} / ${ms(r2.p99)} | ${ms(e2.p50)} / ${ms(e2.p99)} | ${(r2.p50 / e2.p50).toFixed(1)}× / ${(r2.p99 / e2.p99).toFixed(1)}× |`,
    );
    console.log(rows.at(-1));
    const cpuRow = `| CPU per message under load | relay ${ms(cpuPerMessage.relay)} ms, API ${ms(cpuPerMessage.api)} ms (relay RSS ${(relayRssAtLoad / 1048576).toFixed(0)} MB) |`;
    console.log(cpuRow);

    // 3. idle authenticated sockets held by one relay process
    await sleep(2_000);
    const before = await memoryAfterGc(relay.pid!, memFile);
    const t0 = performance.now();
    const idle = await openRaw(relayPort, tokens, IDLE_TARGET, 100);
    const seconds = (performance.now() - t0) / 1000;
    await sleep(2_000);
    const after = await memoryAfterGc(relay.pid!, memFile);
    const health = (await (await fetch(`${relayUrl}/health`)).json()) as { data: { sockets: number } };
    const probe = await openPairs(relayUrl, people, 1);
    const r3 = await sequential(probe, 100);
    closeAll(probe, idle);
    const n = Math.max(1, idle.length);
    const mb = (b: number) => (b / 1048576).toFixed(0);
    const kbEach = (a: number, b: number) => ((b - a) / n / 1024).toFixed(1);
    const distinct = Math.min(idle.length, tokens.length);
    const idleRow = `| idle authenticated sockets held | ${idle.length} of ${IDLE_TARGET}, ${distinct} distinct users (relay reports ${health.data.sockets}), opened in ${seconds.toFixed(1)} s |`;
    const memRow = `| relay memory after full GC${after.gc ? '' : ' (gc unavailable!)'} | heap ${mb(before.heapUsed)} MB → ${mb(after.heapUsed)} MB = ${kbEach(before.heapUsed, after.heapUsed)} KB per socket; RSS ${mb(before.rss)} MB → ${mb(after.rss)} MB = ${kbEach(before.rss, after.rss)} KB per socket |`;
    const probeRow = `| 1 pair while ${idle.length} sockets are held: p50 / p99 | ${ms(r3.p50)} / ${ms(r3.p99)} ms |`;
    console.log(idleRow);
    console.log(memRow);
    console.log(probeRow);

    console.log('\n## Relay (markdown)\n');
    console.log(
      "| latency emit → other participant's message:new (samples) | relay + REST + DB p50 / p99 (ms) | bare socket.io p50 / p99 (ms) | ratio p50 / p99 |",
    );
    console.log('|---|---|---|---|');
    for (const r of rows) console.log(r);
    console.log('\n| capacity | |\n|---|---|');
    console.log(idleRow);
    console.log(memRow);
    console.log(probeRow);
    console.log(cpuRow);
    const load = os.loadavg().map((l) => l.toFixed(1));
    console.log(
      `\n${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} CPUs, load average at the end ${load.join(' / ')}`,
    );
  } finally {
    for (const c of children.reverse()) await stop(c);
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
