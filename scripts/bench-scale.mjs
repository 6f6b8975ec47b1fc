#!/usr/bin/env node
// `npm run bench:scale`: chat latency and REST throughput of the scaled deployment (nginx, 2 relays
// on Redis, 2 APIs on PostgreSQL — scripts/lib/scale-cluster.mjs) beside the one-process product
// (`npm start` on SQLite), with the same scenario and the same client (RealtimeClient). Prints the
// figures and writes them into docs/performance.md, section "Scale-out" (not with BENCH_NO_DOC=1). Builds api, relay and
// client first when their dist/ is missing or stale (scripts/lib/build-fresh.mjs).
// Then the fan-out of issue 25 on both: 2,000 sockets in 1,000 conversations (seeded straight into
// each database, relay/bench/seed-pairs.ts) at 500 messages/s (relay/bench/fanout-run.ts; in the
// scaled deployment the sockets reach both relays through nginx). BENCH_FANOUT=0 skips it;
// BENCH_FANOUT_RATE, BENCH_FANOUT_PAIRS, BENCH_FANOUT_SECONDS (20, after 5 s of warm-up) change it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureBuilt } from './lib/build-fresh.mjs';
import { REPO_ROOT } from './lib/nginx.mjs';
import { freePort } from './lib/ports.mjs';
import { startScaleCluster } from './lib/scale-cluster.mjs';
import { connectOnRelay, loadRealtime, restClient, sleep, waitFor } from './lib/scale-helpers.mjs';
import { waitForHttp } from './lib/service-process.mjs';

const BUYERS = 10;
const SEQUENTIAL_MESSAGES = 200;
const LOAD_MESSAGES_PER_BUYER = 60;
const LOAD_RATE_PER_BUYER = 10; // messages per second each, 100/s in all
const REST_SECONDS = 8;
const REST_CONNECTIONS = 20;
const DEMO_STORE = { phone: '0911111111', password: 'store1234' };
const FANOUT = process.env.BENCH_FANOUT !== '0';
const FANOUT_RATE = Number(process.env.BENCH_FANOUT_RATE || 500);
const FANOUT_PAIRS = Number(process.env.BENCH_FANOUT_PAIRS || 1000);
const FANOUT_SECONDS = Number(process.env.BENCH_FANOUT_SECONDS || 20);
const FANOUT_TARGET_P99 = 50;

/** A TypeScript command of relay/bench through tsx; resolves with its stdout. */
function tsx(file, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, file)], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${file} exited with ${code}`))));
  });
}

/** The fan-out load against `base` (its database at dbUrl), the server side's CPU from `pids`. */
async function fanout(base, dbUrl, pids) {
  if (!FANOUT) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agrivet-bench-fanout-'));
  try {
    const pairsFile = path.join(dir, 'pairs.json');
    console.log(`  fan-out: seeding ${FANOUT_PAIRS} conversations …`);
    await tsx('relay/bench/seed-pairs.ts', {
      DATABASE_URL: dbUrl,
      BENCH_PAIRS: String(FANOUT_PAIRS),
      BENCH_PAIRS_FILE: pairsFile,
    });
    const out = await tsx('relay/bench/fanout-run.ts', {
      BENCH_PORT: new URL(base).port,
      BENCH_PAIRS_FILE: pairsFile,
      BENCH_FANOUT_RATE: String(FANOUT_RATE),
      BENCH_FANOUT_SECONDS: String(FANOUT_SECONDS),
      BENCH_CPU_PIDS: pids.filter(Boolean).join(','),
    });
    const line = out.split('\n').find((l) => l.startsWith('FANOUT_RESULT '));
    return line ? JSON.parse(line.slice('FANOUT_RESULT '.length)) : null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const { RealtimeClient } = await loadRealtime();

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
function summary(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const f = (v) => Math.round(v * 10) / 10;
  return { n: s.length, p50: f(percentile(s, 50)), p99: f(percentile(s, 99)), max: f(s[s.length - 1]) };
}

/** Buyers and the demo store: accounts, a conversation each, sockets placed by `connect`. */
async function setUp(base, connect) {
  const rest = restClient(base);
  const store = await rest.post('auth/login', DEMO_STORE);
  const storeId = store.user.store.id;
  const storeRt = await connect(store.token, 'store');
  const buyers = [];
  for (let i = 0; i < BUYERS; i++) {
    const phone = `09${String(Date.now() + i).slice(-8)}`;
    const auth = await rest.post('auth/register', {
      phone,
      name: `مزارع قياس ${i + 1}`,
      type: 2,
      password: 'bench-pass-1',
      password_confirmation: 'bench-pass-1',
    });
    const conversation = await rest.post(
      'conversation/create',
      { sender_id: auth.user.id, receiver_id: store.user.id, store_id: storeId },
      { token: auth.token },
    );
    const rt = await connect(auth.token, 'buyer');
    await rt.openConversation(conversation.id);
    buyers.push({ rt, conversationId: conversation.id });
  }
  return { rest, storeRt, buyers };
}

/** Sends and times: ack = emit → acknowledgement; delivery = emit → the store's message:new. */
async function chatLatency({ storeRt, buyers }) {
  const sentAt = new Map();
  const delivery = [];
  const off = storeRt.on('message:new', ({ message }) => {
    const t = sentAt.get(message.client_id);
    if (t !== undefined) delivery.push(performance.now() - t);
  });
  const send = async (buyer, text) => {
    const t = performance.now();
    const q = buyer.rt.sendMessage({ conversation_id: buyer.conversationId, message: text });
    sentAt.set(q.item.client_id, t);
    const r = await q.done;
    if (r.status !== 200) throw new Error(`message refused: ${JSON.stringify(r)}`);
    return performance.now() - t;
  };

  for (let i = 0; i < 20; i++) await send(buyers[0], `تحمية ${i}`);
  await waitFor(() => delivery.length >= 20, { what: 'warm-up deliveries' });
  delivery.length = 0;

  const seqAck = [];
  for (let i = 0; i < SEQUENTIAL_MESSAGES; i++) seqAck.push(await send(buyers[i % buyers.length], `رسالة ${i}`));
  await waitFor(() => delivery.length >= SEQUENTIAL_MESSAGES, { what: 'sequential deliveries', timeoutMs: 20000 });
  const sequential = { ack: summary(seqAck), delivery: summary(delivery.splice(0)) };

  const loadAck = [];
  const t0 = performance.now();
  await Promise.all(
    buyers.map(async (buyer, b) => {
      const pending = [];
      for (let i = 0; i < LOAD_MESSAGES_PER_BUYER; i++) {
        pending.push(send(buyer, `حمل ${b}-${i}`).then((ms) => loadAck.push(ms)));
        await sleep(1000 / LOAD_RATE_PER_BUYER);
      }
      await Promise.all(pending);
    }),
  );
  const total = BUYERS * LOAD_MESSAGES_PER_BUYER;
  await waitFor(() => delivery.length >= total, { what: 'load deliveries', timeoutMs: 30000 });
  const seconds = (performance.now() - t0) / 1000;
  const load = { ack: summary(loadAck), delivery: summary(delivery.splice(0)), rate: Math.round(total / seconds) };
  off();
  return { sequential, load };
}

async function restThroughput(base) {
  const result = await autocannon({
    url: `${base}/api/product/getAll?page_number=1`,
    connections: REST_CONNECTIONS,
    duration: REST_SECONDS,
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function benchScaled() {
  ensureBuilt({ log: (m) => console.log(`  ${m}`) });
  // load beyond what one person sends: the API's per-user limits would refuse it
  const cluster = await startScaleCluster({ env: { RATE_LIMITS: 'off' }, log: (m) => console.log(`  ${m}`) });
  const sockets = [];
  try {
    const connect = async (token, role) => {
      const rt = await connectOnRelay(RealtimeClient, cluster, token, role === 'store' ? 1 : 0);
      sockets.push(rt);
      return rt;
    };
    const setup = await setUp(cluster.url, connect);
    const chat = await chatLatency(setup);
    const rest = await restThroughput(cluster.url);
    const fan = await fanout(
      cluster.url,
      cluster.pgUrl,
      [...cluster.apis, ...cluster.relays].map((p) => p.pid),
    );
    return { chat, rest, fan };
  } finally {
    for (const s of sockets) s.close();
    await cluster.stop();
  }
}

/** The one-process product (`npm start` without the build step) on a fresh SQLite file. */
async function benchSingle() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agrivet-bench-single-'));
  const port = await freePort();
  const proc = spawn(process.execPath, ['server/dist/index.js'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `sqlite:${path.join(dir, 'agrivet.db')}`,
      STORAGE_DIR: path.join(dir, 'storage'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      RATE_LIMITS: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const sockets = [];
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/api/health`, 60000);
    const connect = async (token) => {
      const rt = new RealtimeClient();
      rt.connect(base, token);
      await waitFor(() => rt.status === 'online', { what: 'socket online' });
      sockets.push(rt);
      return rt;
    };
    const setup = await setUp(base, connect);
    const chat = await chatLatency(setup);
    const rest = await restThroughput(base);
    const fan = await fanout(base, `sqlite:${path.join(dir, 'agrivet.db')}`, [proc.pid]);
    return { chat, rest, fan };
  } finally {
    for (const s of sockets) s.close();
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

function table(results) {
  const rows = [
    ['chat, one at a time: ack p50 / p99 (ms)', (r) => `${r.chat.sequential.ack.p50} / ${r.chat.sequential.ack.p99}`],
    [
      'chat, one at a time: delivery to the other side p50 / p99 (ms)',
      (r) => `${r.chat.sequential.delivery.p50} / ${r.chat.sequential.delivery.p99}`,
    ],
    [
      `chat under load (${BUYERS} senders, ~${BUYERS * LOAD_RATE_PER_BUYER}/s): ack p50 / p99 (ms)`,
      (r) => `${r.chat.load.ack.p50} / ${r.chat.load.ack.p99}`,
    ],
    ['chat under load: delivery p50 / p99 (ms)', (r) => `${r.chat.load.delivery.p50} / ${r.chat.load.delivery.p99}`],
    [
      `GET /api/product/getAll, ${REST_CONNECTIONS} connections: req/s (p50 / p99 ms)`,
      (r) => `${r.rest.rps} (${r.rest.p50} / ${r.rest.p99})${r.rest.errors ? `, ${r.rest.errors} errors` : ''}`,
    ],
  ];
  const f = (r, get) => (r.fan ? get(r.fan) : '–');
  const fmt = (v) => (Number.isNaN(v) ? '–' : v < 10 ? v.toFixed(1) : v.toFixed(0));
  if (FANOUT) {
    rows.push(
      [
        `fan-out: ${FANOUT_PAIRS * 2} sockets in ${FANOUT_PAIRS} conversations, ${FANOUT_RATE} msg/s for ${FANOUT_SECONDS} s: sockets joined; sent / delivered / lost`,
        (r) => f(r, (x) => `${x.sockets} of ${x.expected}; ${x.sent} / ${x.delivered} / ${x.lost}`),
      ],
      [
        `**fan-out: delivery p50 / p99 / max (ms)** (target p99 < ${FANOUT_TARGET_P99} ms one-process)`,
        (r) =>
          f(
            r,
            (x) =>
              `**${fmt(x.p50)} / ${fmt(x.p99)} / ${fmt(x.max)}** (${x.lost === 0 && x.p99 < FANOUT_TARGET_P99 ? 'under' : 'over'} ${FANOUT_TARGET_P99})`,
          ),
      ],
      [
        'fan-out: server CPU per message (every API and relay process), ms',
        (r) => f(r, (x) => ((x.cpuSeconds * 1000) / Math.max(1, x.sent)).toFixed(2)),
      ],
      ['fan-out: load average before → after', (r) => f(r, (x) => `${x.loadBefore} → ${x.loadAfter}`)],
    );
  }
  const names = Object.keys(results);
  const head = `| | ${names.join(' | ')} |\n|---|${names.map(() => '---').join('|')}|`;
  return [head, ...rows.map(([label, f]) => `| ${label} | ${names.map((n) => f(results[n])).join(' | ')} |`)].join(
    '\n',
  );
}

function writeSection(markdown) {
  const file = path.join(REPO_ROOT, 'docs', 'performance.md');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  const section = `## Scale-out\n\n${markdown}\n`;
  const start = current.indexOf('## Scale-out');
  let next;
  if (start === -1) next = `${current.trimEnd()}\n\n${section}`;
  else {
    const after = current.indexOf('\n## ', start + 1);
    next = current.slice(0, start) + section + (after === -1 ? '' : `\n${current.slice(after + 1)}`);
  }
  writeFileSync(file, next);
  return file;
}

const loadBefore = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');
const single = await benchSingle();
console.log('one process:', JSON.stringify(single));
const scaled = await benchScaled();
console.log('scaled:', JSON.stringify(scaled));

const markdown = `\`npm run bench:scale\` (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, every process on the
same machine; load average ${loadBefore} at the start, ${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ')} at the end — other work on the machine inflates the figures).
The same scenario against the one-process product (\`npm start\`: API, relay and client in one Node
process, SQLite) and the scaled deployment run locally (nginx → 2 relays sharing rooms
through Redis → 2 API instances on PostgreSQL; senders on relay 1, the store on relay 2, so every
message crosses Redis). A message is sent with the RealtimeClient (outbox, \`client_id\`):
*ack* is sendMessage → acknowledgement (outbox queue, relay → nginx → API write → relay), *delivery* is sendMessage → the store's
\`message:new\` push.

${table({ 'one process (SQLite)': single, 'scaled (nginx, 2 relays + Redis, 2 APIs + PostgreSQL)': scaled })}

On one machine the scaled deployment pays for its extra hops (nginx, relay → nginx → API, Redis)
and shares two cores among seven processes; its gain is that any API or relay instance can die
without losing a message (\`npm run test:scale\`), and capacity grows with machines.`;

console.log(`\n${markdown}`);
if (process.env.BENCH_NO_DOC === '1') console.log('\n(BENCH_NO_DOC=1: docs/performance.md left alone)');
else console.log(`\nwritten to ${writeSection(markdown)}`);
process.exit(0);
