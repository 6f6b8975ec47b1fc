/**
 * `npm run bench:relay`: what the relay costs and holds, every part in its own process
 * (API on SQLite, the built standalone relay — the two joined by a throwaway redis-server, where the
 * API publishes its events — a bare socket.io echo server, the clients here).
 *   1. latency sender → other participant (emit → the receiver's message:new) through
 *      relay + REST + DB, beside the bare echo server: one pair, messages one at a time;
 *   2. the same at 2,000 connected sockets with 100 messages/s in all (50 chatting pairs);
 *   3. idle authenticated sockets one relay process holds (aim 20,000) and memory per socket; the
 *      client sockets are spread over child processes (socket-holder.ts, 5,000 each: every process
 *      has its own file-descriptor limit), and the relay's own limit is printed beside the figure;
 *   4. fan-out (issue 25): 2,000 active sockets in 1,000 conversations (farmer and store account
 *      of each pair, seeded straight into the database) at 500 messages/s, open loop, through the
 *      one-process product (API + relay in one process on SQLite, as `npm start`; api-process.ts
 *      BENCH_RELAY=inprocess): delivery p50 / p99 against the target p99 < 50 ms. The clients are
 *      two child processes (fanout-load.ts). The scaled deployment's figure (2 APIs, 2 relays,
 *      Redis, PostgreSQL) is `npm run bench:scale`'s.
 * Idle sockets belong to distinct users (seeded straight into the API's database), so each sits in
 * its own user room as in production; memory is read after forced full GCs (the relay runs with
 * --expose-gc and gc-hook.mjs), heap and RSS.
 * BENCH_PARTS=latency,idle,fanout (default all); BENCH_IDLE=n the idle target (20,000);
 * BENCH_SECONDS the load duration of part 2 (10); BENCH_FANOUT_RATE (500), BENCH_FANOUT_PAIRS (1,000),
 * BENCH_FANOUT_SECONDS (20, after 5 s of warm-up); BENCH_CPU_PROF=<dir> profiles the fan-out's process.
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Message } from '@agrivet/shared';
import { io, type Socket } from 'socket.io-client';
import type WebSocket from 'ws';
import type { SeededPair } from './seed-pairs';
import { type FanoutOptions, type FanoutResult, runFanout } from './fanout-run';
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
const IDLE_TARGET = Number(process.env.BENCH_IDLE || 20_000);
const SEQUENTIAL = 300;
const PARTS = new Set((process.env.BENCH_PARTS || 'latency,idle,fanout').split(','));
const FANOUT_RATE = Number(process.env.BENCH_FANOUT_RATE || 500);
const FANOUT_PAIRS = Number(process.env.BENCH_FANOUT_PAIRS || 1_000);
const FANOUT_SECONDS = Number(process.env.BENCH_FANOUT_SECONDS || 20);
const FANOUT_WARMUP = 5;
const FANOUT_TARGET_P99 = 50;
/** Idle client sockets per holder process. */
const PER_HOLDER = 5_000;
const uptime = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

/** Every child this process started: killed if the benchmark ends early (Ctrl-C, an error). */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of live) c.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** A TypeScript child speaking { type } messages over IPC; resolves once it said 'ready'. */
function forkChild(file: string): Promise<ChildProcess> {
  const child = fork(file, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  live.add(child);
  child.once('exit', () => live.delete(child));
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}

function nextOf<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const on = (m: { type?: string }) => {
      if (m?.type !== type) return;
      child.off('message', on);
      resolve(m as T);
    };
    child.on('message', on);
    child.once('exit', (code) => reject(new Error(`child exited with ${code} before '${type}'`)));
  });
}

/** The open-files limit of a process and how many it has open (Linux /proc). */
function fdsOf(pid: number): { open: number; soft: string; hard: string } {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const [soft, hard] = line?.split(/\s{2,}/).slice(1, 3) ?? ['?', '?'];
  return { open: readdirSync(`/proc/${pid}/fd`).length, soft, hard };
}

interface Pair {
  sender: Socket;
  receiver: Socket;
  conversationId: number;
}

interface Person {
  farmer: { token: string };
  store: { token: string };
  conversationId: number;
}

/** The PAIRS farmer / store-account pairs api-process.ts seeded (a store and a conversation each). */
const peopleFrom = (file: string): Person[] =>
  (JSON.parse(readFileSync(file, 'utf8')) as SeededPair[]).map((p) => ({
    farmer: { token: p.farmer },
    store: { token: p.owner },
    conversationId: p.conversationId,
  }));

function connect(url: string, token: string): Promise<Socket> {
  const socket = io(url, { auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const join = (s: Socket, conversationId: number) =>
  s.timeout(10_000).emitWithAck('conversation:join', { conversation_id: conversationId });

async function openPairs(url: string, people: Person[], count: number) {
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

/** Part 4: the fan-out load through the one-process product (API + relay + SQLite in one process). */
async function fanout(dir: string): Promise<string[]> {
  const port = await freePort();
  const pairsFile = path.join(dir, 'pairs.json');
  console.log(`fan-out: seeding ${FANOUT_PAIRS} conversations (farmer + store account each) …`);
  const server = await forkReady(path.join(here, 'api-process.ts'), {
    BENCH_PORT: String(port),
    DATABASE_URL: `sqlite:${path.join(dir, 'fanout.db')}`,
    STORAGE_DIR: path.join(dir, 'storage-fanout'),
    BENCH_PAIRS: String(FANOUT_PAIRS),
    BENCH_PAIRS_FILE: pairsFile,
    BENCH_RELAY: 'inprocess',
    // BENCH_CPU_PROF=<dir>: a V8 CPU profile of the one process, written when it stops
    ...(process.env.BENCH_CPU_PROF ? { BENCH_CPU_PROF: path.resolve(process.env.BENCH_CPU_PROF) } : {}),
    // the per-user write limits stay on: 500 messages/s over 2,000 people is 15 a minute each
  });
  live.add(server);
  try {
    const pairs = JSON.parse(readFileSync(pairsFile, 'utf8')) as FanoutOptions['pairs'];
    const f = await runFanout({
      port,
      pairs,
      rate: FANOUT_RATE,
      warmup: FANOUT_WARMUP,
      seconds: FANOUT_SECONDS,
      cpuPids: [server.pid!],
      log: console.log,
    });
    return fanoutRows('one process (API + relay + SQLite)', f);
  } finally {
    await stop(server);
  }
}

/** Table rows of a fan-out run (bench:scale prints the same for its two deployments). */
function fanoutRows(where: string, f: FanoutResult): string[] {
  const ok = f.lost === 0 && f.p99 < FANOUT_TARGET_P99;
  return [
    `| fan-out, ${where}: sockets joined | ${f.sockets} of ${f.expected} in ${f.expected / 2} conversations, ${f.joinSeconds.toFixed(1)} s | |`,
    `| fan-out: messages sent / delivered / lost (warm-up included) | ${f.sent} / ${f.delivered} / ${f.lost}; acks ${JSON.stringify(f.acks)} | nothing lost: ${f.lost === 0 ? 'met' : '**missed**'} |`,
    `| **fan-out: delivery p50 / p99 / max at ${FANOUT_RATE} msg/s for ${FANOUT_SECONDS} s (${f.n} samples)** | **${ms(f.p50)} / ${ms(f.p99)} / ${ms(f.max)} ms** | p99 < ${FANOUT_TARGET_P99} ms: ${ok ? 'met' : '**missed**'} |`,
    `| fan-out: server CPU (warm-up included) | ${((f.cpuSeconds * 1000) / Math.max(1, f.sent)).toFixed(2)} ms per message, ${(f.cpuSeconds / (FANOUT_WARMUP + FANOUT_SECONDS)).toFixed(2)} cores | |`,
    `| fan-out: load generators sending late, p99 (ms) | ${f.lateP99.map(ms).join(', ')} | |`,
    `| fan-out: load average (1 / 5 / 15 min) before → after | ${f.loadBefore} → ${f.loadAfter} | |`,
  ];
}

async function main(): Promise<void> {
  console.log(`building the relay … (load average ${uptime()} on ${os.cpus().length} CPUs)`);
  execFileSync(process.execPath, [path.join(relayDir, 'build.mjs')], { stdio: 'inherit' });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agrivet-bench-relay-'));
  const rows: string[] = [];
  const capacity: string[] = [];
  const fan: string[] = [];
  const children: ChildProcess[] = [];
  let redis: { url: string; stop(): Promise<void> } | undefined;
  try {
    if (PARTS.has('latency') || PARTS.has('idle')) {
      const [apiPort, relayPort, echoPort] = [await freePort(), await freePort(), await freePort()];
      const apiUrl = `http://127.0.0.1:${apiPort}/api`;
      // the API publishes its events on Redis, where the standalone relay hears them (docs/relay.md)
      const { startRedis } = (await import(pathToFileURL(path.resolve(relayDir, '../scripts/lib/redis.mjs')).href)) as {
        startRedis(): Promise<{ url: string; stop(): Promise<void> }>;
      };
      redis = await startRedis();
      const api = await forkReady(path.join(here, 'api-process.ts'), {
        BENCH_PORT: String(apiPort),
        DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}`,
        STORAGE_DIR: path.join(dir, 'storage'),
        BENCH_USERS: String(Math.max(PARTS.has('idle') ? IDLE_TARGET : 0, LOAD_SOCKETS)),
        BENCH_USERS_FILE: path.join(dir, 'tokens.json'),
        BENCH_PAIRS: String(PAIRS),
        BENCH_PAIRS_FILE: path.join(dir, 'people.json'),
        // load beyond what one person sends: the API's per-user limits would refuse it
        RATE_LIMITS: 'off',
        REDIS_URL: redis.url,
      });
      children.push(api);
      live.add(api);
      const echo = await forkReady(path.join(here, 'echo-server.ts'), { BENCH_PORT: String(echoPort) });
      children.push(echo);
      live.add(echo);
      const memFile = path.join(dir, 'relay-memory.json');
      const relay = await startRelayProcess(path.join(relayDir, 'dist/main.js'), relayPort, apiUrl, {
        execArgv: ['--expose-gc', '--import', pathToFileURL(path.join(here, 'gc-hook.mjs')).href],
        env: { BENCH_MEM_FILE: memFile, REDIS_URL: redis.url },
      });
      children.push(relay);
      live.add(relay);
      const relayUrl = `http://127.0.0.1:${relayPort}`;
      const echoUrl = `http://127.0.0.1:${echoPort}`;
      const people = peopleFrom(path.join(dir, 'people.json'));
      // One distinct user per idle socket (seeded by api-process.ts).
      const tokens = JSON.parse(readFileSync(path.join(dir, 'tokens.json'), 'utf8')) as string[];

      if (PARTS.has('latency')) {
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
        const cpu0 = { relay: cpuOf(relay.pid!), api: cpuOf(api.pid!) };
        const r2 = await atRate(loadRelay, RATE, SECONDS);
        const cpuPerMessage = {
          relay: ((cpuOf(relay.pid!) - cpu0.relay) * 1000) / Math.max(1, r2.n),
          api: ((cpuOf(api.pid!) - cpu0.api) * 1000) / Math.max(1, r2.n),
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
        capacity.push(
          `| CPU per message under load (2,000 sockets) | relay ${ms(cpuPerMessage.relay)} ms, API ${ms(cpuPerMessage.api)} ms (relay RSS ${(relayRssAtLoad / 1048576).toFixed(0)} MB) | |`,
        );
        console.log(capacity.at(-1));
      }

      if (PARTS.has('idle')) {
        // 3. idle authenticated sockets held by one relay process, the clients in several processes
        await sleep(2_000);
        const before = await memoryAfterGc(relay.pid!, memFile);
        // the relay needs one open file per socket plus its own (up to ~300: its kept-alive connections to
        // the API, Redis, the listening socket): at its limit the kernel refuses more (gc-hook.mjs still
        // answers there, the health call and the probe pair may not)
        const fds0 = fdsOf(relay.pid!);
        if (Number(fds0.soft) < IDLE_TARGET + 300) {
          console.log(
            `the relay may open ${fds0.soft} files (hard limit ${fds0.hard}; raise it with \`ulimit -n\` where allowed): fewer than ${IDLE_TARGET} sockets will fit`,
          );
        }
        const target = IDLE_TARGET;
        const t0 = performance.now();
        const holders: ChildProcess[] = [];
        const opened: Promise<{ count: number }>[] = [];
        for (let start = 0; start < target; start += PER_HOLDER) {
          const h = await forkChild(path.join(here, 'socket-holder.ts'));
          holders.push(h);
          opened.push(nextOf<{ count: number }>(h, 'opened'));
          h.send({
            type: 'open',
            port: relayPort,
            tokens: tokens.slice(start, Math.min(IDLE_TARGET, start + PER_HOLDER)),
          });
        }
        const held = (await Promise.all(opened)).reduce((a, o) => a + o.count, 0);
        const seconds = (performance.now() - t0) / 1000;
        await sleep(2_000);
        const after = await memoryAfterGc(relay.pid!, memFile);
        const fds = fdsOf(relay.pid!);
        // at its open-files limit the relay may have no file left for one more connection
        const health = await fetch(`${relayUrl}/health`, { signal: AbortSignal.timeout(10_000) })
          .then((r) => r.json() as Promise<{ data: { sockets: number } }>)
          .catch(() => ({ data: { sockets: Number.NaN } }));
        let r3 = { n: 0, p50: Number.NaN, p99: Number.NaN };
        try {
          const probe = await openPairs(relayUrl, people, 1);
          r3 = await sequential(probe, 100);
          closeAll(probe, []);
        } catch (err) {
          console.log(`  (the probe pair could not connect: ${err instanceof Error ? err.message : String(err)})`);
        }
        for (const h of holders) h.send({ type: 'close' });
        const n = Math.max(1, held);
        const mb = (b: number) => (b / 1048576).toFixed(0);
        const kbEach = (a: number, b: number) => ((b - a) / n / 1024).toFixed(1);
        const capped = Number(fds0.soft) < IDLE_TARGET + 300;
        capacity.push(
          `| idle authenticated sockets held by one relay | ${held} of ${IDLE_TARGET} (relay reports ${health.data.sockets}), ${Math.min(held, tokens.length)} distinct users, opened in ${seconds.toFixed(1)} s from ${holders.length} client processes | ${held >= IDLE_TARGET ? 'met' : capped ? `**missed**: the relay's open-files limit (${fds.soft}) caps it` : '**missed**'} |`,
          `| relay's open files: in use / limit (soft, hard) | ${fds.open} / ${fds.soft}, ${fds.hard} (one per socket, plus ~${Math.max(0, fds.open - held)} of its own) | |`,
          `| **relay memory per idle socket, after full GC**${after.gc ? '' : ' (gc unavailable!)'} | heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB = **${kbEach(before.heapUsed, after.heapUsed)} KB**; RSS ${mb(before.rss)} → ${mb(after.rss)} MB = **${kbEach(before.rss, after.rss)} KB** | ≤ 30 KB: ${Number(kbEach(before.rss, after.rss)) <= 30 ? 'met' : '**missed**'} |`,
          `| 1 pair while ${held} sockets are held: p50 / p99 | ${ms(r3.p50)} / ${ms(r3.p99)} ms | |`,
        );
        for (const c of capacity.slice(-4)) console.log(c);
      }
      for (const c of children.reverse()) await stop(c);
      children.length = 0;
      await redis.stop();
      redis = undefined;
    }

    if (PARTS.has('fanout')) {
      fan.push(...(await fanout(dir)));
      for (const f of fan) console.log(f);
    }

    console.log('\n## Relay (markdown)\n');
    if (rows.length) {
      console.log(
        "| latency emit → other participant's message:new (samples) | relay + REST + DB p50 / p99 (ms) | bare socket.io p50 / p99 (ms) | ratio p50 / p99 |",
      );
      console.log('|---|---|---|---|');
      for (const r of rows) console.log(r);
      console.log('');
    }
    if (capacity.length || fan.length) {
      console.log('| capacity and fan-out | figure | target |\n|---|---|---|');
      for (const c of [...capacity, ...fan]) console.log(c);
    }
    console.log(
      `\n${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} CPUs, load average at the end ${uptime()}`,
    );
  } finally {
    for (const c of children.reverse()) await stop(c);
    await redis?.stop();
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
