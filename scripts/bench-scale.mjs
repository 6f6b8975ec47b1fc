#!/usr/bin/env node
// `npm run bench:scale`: the scaled deployment at the size it is for (issue 46 item 4), beside `npm start`.
//   scaled   PostgreSQL, Redis, s3rver (the bucket), nginx, 2 API and 2 relay processes from the built code
//            (scripts/lib/scale-cluster.mjs), every socket through nginx, so spread over both relays
//   single   `npm start` alone: one Node process (API, relay, client) on SQLite
// On each: BENCH_FARMERS farmer accounts (10,000) and a store account per BENCH_PER_STORE of them (20), one
// conversation each (seeded straight into the database: api/bench/scale-seed.ts), every account's socket
// connected, held by load generators in processes of their own (scripts/lib/bench-scale-load.mjs, at most
// BENCH_SOCKETS_PER_PROCESS sockets each: the machine lets a process open 20,000 files). Then:
//   - the memory per idle socket: each relay's resident memory (the one process's for `npm start`) before
//     and after the sockets connected, over the sockets it holds;
//   - the message rate stepped up (BENCH_RATES messages/s, BENCH_STEP_SECONDS each after BENCH_WARMUP s),
//     half farmer → store, half store → farmer: each step's delivery p50 / p99, lost and doubled, and the
//     machine's load (os.loadavg) — until a step misses (p99 ≥ BENCH_TARGET_P99 ms, or anything lost);
//     the highest rate that held is the rate found;
//   - scaled only, the kill round: half the rate found for BENCH_KILL_SECONDS, one API and one relay
//     SIGKILLed a third of the way in; every acknowledged message must be stored exactly once (checked in
//     PostgreSQL by client_id) and no socket may get one twice.
// Prints each step as it ends, then the summary; writes it to BENCH_OUT (.bench-cache/bench-scale.md).
// Figures for the record are taken on an idle machine (docs/performance.md says how); a smoke run:
//   BENCH_FARMERS=1000 BENCH_RATES=50,100,200 BENCH_STEP_SECONDS=4 npm run bench:scale
// BENCH_TARGETS=scaled (or single) runs one of the two; builds first when a dist/ is stale.
import { fork, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from './lib/build-fresh.mjs';
import { REPO_ROOT } from './lib/nginx.mjs';
import { freePort } from './lib/ports.mjs';
import { relaySockets, startScaleCluster } from './lib/scale-cluster.mjs';
import { sleep } from './lib/scale-helpers.mjs';
import { waitForHttp } from './lib/service-process.mjs';

const env = process.env;
const FARMERS = Number(env.BENCH_FARMERS || 10_000);
const PER_STORE = Number(env.BENCH_PER_STORE || 20);
const RATES = (env.BENCH_RATES || '100,200,400,700,1000,1400,1800,2400,3000').split(',').map(Number);
const STEP_SECONDS = Number(env.BENCH_STEP_SECONDS || 10);
const WARMUP = Number(env.BENCH_WARMUP || 2);
const TARGET_P99 = Number(env.BENCH_TARGET_P99 || 50);
const KILL_SECONDS = Number(env.BENCH_KILL_SECONDS || 20);
const PER_PROCESS = Number(env.BENCH_SOCKETS_PER_PROCESS || 2500);
const GRACE_MS = Number(env.BENCH_GRACE_MS || 10_000);
const TARGETS = (env.BENCH_TARGETS || 'single,scaled').split(',');
const OUT = path.resolve(REPO_ROOT, env.BENCH_OUT || '.bench-cache/bench-scale.md');

const log = (line) => console.log(line);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const round = (v) => (Number.isNaN(v) ? '–' : v < 10 ? v.toFixed(1) : v.toFixed(0));

/** Resident memory of a process (bytes), from /proc. */
function rssOf(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}
/** CPU seconds a process used so far (user + system), from /proc. */
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0; // gone (killed)
  }
}

/** A TypeScript command through tsx (the seed), with its output shown. */
function tsx(file, extraEnv) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, file)], {
      cwd: REPO_ROOT,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${file} exited with ${code}`))));
  });
}

async function seed(databaseUrl) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agrivet-bench-scale-'));
  try {
    const file = path.join(dir, 'seed.json');
    const t = Date.now();
    await tsx('api/bench/scale-seed.ts', {
      DATABASE_URL: databaseUrl,
      BENCH_FARMERS: String(FARMERS),
      BENCH_PER_STORE: String(PER_STORE),
      BENCH_SEED_FILE: file,
    });
    const data = JSON.parse(readFileSync(file, 'utf8'));
    log(`  seeded ${FARMERS} farmers and ${data.stores.length} stores, a conversation each (${Date.now() - t} ms)`);
    return data;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Generators: forked, each given whole stores (a store's socket and its farmers' in one process). */
async function startGenerators(url, data) {
  const socketsPerStore = PER_STORE + 1;
  const count = Math.max(2, Math.ceil((data.stores.length * socketsPerStore) / PER_PROCESS));
  const shares = Array.from({ length: count }, () => []);
  for (const [i, store] of data.stores.entries()) shares[i % count].push(store);
  const children = [];
  for (const stores of shares) {
    const child = fork(path.join(REPO_ROOT, 'scripts/lib/bench-scale-load.mjs'), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await nextMessage(child, 'ready');
    children.push({ child, conversations: stores.reduce((a, s) => a + s.conversations.length, 0), stores });
  }
  const t = Date.now();
  const connected = await Promise.all(
    children.map(({ child, stores }) => {
      const done = nextMessage(child, 'connected');
      child.send({ type: 'connect', url, stores });
      return done;
    }),
  );
  const sockets = connected.reduce((a, c) => a + c.sockets, 0);
  const failures = connected.reduce((a, c) => a + c.failures, 0);
  const expected = data.stores.length * socketsPerStore;
  log(
    `  ${sockets} of ${expected} sockets connected by ${count} generator processes in ${((Date.now() - t) / 1000).toFixed(1)} s${failures ? ` (${failures} failed: ${connected.flatMap((c) => c.failed).slice(0, 2)})` : ''}`,
  );
  return {
    children,
    sockets,
    expected,
    total: children.reduce((a, c) => a + c.conversations, 0),
    close: () => {
      for (const { child } of children) {
        if (child.connected) child.send({ type: 'close' });
        setTimeout(() => child.kill('SIGKILL'), 2000).unref();
      }
    },
  };
}

function nextMessage(child, type) {
  return new Promise((resolve, reject) => {
    const on = (m) => {
      if (m?.type === 'error') {
        cleanup();
        reject(new Error(`generator: ${m.message}`));
      } else if (m?.type === type) {
        cleanup();
        resolve(m);
      }
    };
    const exit = (code) => {
      cleanup();
      reject(new Error(`a generator exited (${code}) before '${type}'`));
    };
    const cleanup = () => {
      child.off('message', on);
      child.off('exit', exit);
    };
    child.on('message', on);
    child.once('exit', exit);
  });
}

let stepId = 0;
/** One step on every generator at once; `during(ms from start)` runs meanwhile (the kill round). */
async function runStep(gens, rate, seconds, { ids = false, pids = [], during } = {}) {
  const id = ++stepId;
  const startAt = Date.now() + 300;
  const cpu0 = new Map(pids.map((p) => [p, cpuOf(p)]));
  const results = gens.children.map(({ child, conversations }) => {
    const done = nextMessage(child, 'step');
    child.send({
      type: 'step',
      id,
      rate: (rate * conversations) / gens.total,
      warmup: WARMUP,
      seconds,
      startAt,
      graceMs: GRACE_MS,
      ids,
    });
    return done;
  });
  const side = during ? during(startAt) : Promise.resolve();
  const r = await Promise.all(results);
  await side;
  const sum = (k) => r.reduce((a, x) => a + x[k], 0);
  const samples = r.flatMap((x) => x.samples).sort((a, b) => a - b);
  const step = {
    rate,
    sent: sum('sent'),
    acked: sum('acked'),
    refused: sum('refused'),
    delivered: sum('delivered'),
    lost: sum('lost'),
    doubled: sum('doubled'),
    resent: sum('resent'),
    reconnects: sum('reconnects'),
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    max: samples.length ? samples[samples.length - 1] : Number.NaN,
    load: load(),
    // the processes still running at the end (a killed one's time is gone with it)
    cpuSeconds: pids.reduce((a, p) => {
      const end = cpuOf(p);
      return end > 0 ? a + end - (cpu0.get(p) ?? 0) : a;
    }, 0),
    seconds: WARMUP + seconds,
    ackedIds: ids ? r.flatMap((x) => x.ackedIds ?? []) : undefined,
  };
  step.held = step.p99 < TARGET_P99 && step.lost === 0 && step.refused === 0;
  return step;
}

const stepLine = (s) =>
  `  ${String(s.rate).padStart(5)}/s  sent ${s.sent}  delivered ${s.delivered}  p50 ${round(s.p50)} ms  p99 ${round(s.p99)} ms  max ${round(s.max)} ms  lost ${s.lost}  doubled ${s.doubled}${s.refused ? `  refused ${s.refused}` : ''}  server CPU ${((100 * s.cpuSeconds) / s.seconds).toFixed(0)} %  load ${s.load}  ${s.held ? 'held' : 'MISSED'}`;

/** Steps the rate up until one misses; the highest that held. */
async function stepUp(gens, pids) {
  const steps = [];
  for (const rate of RATES) {
    const s = await runStep(gens, rate, STEP_SECONDS, { pids });
    steps.push(s);
    log(stepLine(s));
    if (!s.held) break;
    await sleep(1000);
  }
  const found = steps.filter((s) => s.held).at(-1)?.rate ?? null;
  log(`  rate found (p99 < ${TARGET_P99} ms, nothing lost): ${found === null ? 'none of the steps' : `${found}/s`}`);
  return { steps, found };
}

/** Resident memory each process gained per socket it holds. */
function perSocket(before, after, sockets) {
  return sockets > 0 ? (after - before) / sockets : Number.NaN;
}

async function benchSingle() {
  log('\n== npm start alone (one process: API, relay, client; SQLite)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agrivet-bench-single-'));
  const port = await freePort();
  const db = path.join(dir, 'agrivet.db');
  const proc = spawn(process.execPath, ['server/dist/index.js'], {
    cwd: REPO_ROOT,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${db}`,
      STORAGE_DIR: path.join(dir, 'storage'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      RATE_LIMITS: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let gens;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/api/health`, 60_000);
    const data = await seed(`sqlite:${db}`);
    const before = rssOf(proc.pid);
    gens = await startGenerators(base, data);
    await sleep(5000);
    const memory = perSocket(before, rssOf(proc.pid), gens.sockets);
    log(`  memory per idle socket: ${(memory / 1024).toFixed(1)} KB (resident, the one process)`);
    const { steps, found } = await stepUp(gens, [proc.pid]);
    return { sockets: gens.sockets, expected: gens.expected, memory: { process: memory }, steps, found };
  } finally {
    gens?.close();
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchScaled() {
  log('\n== scaled (nginx, 2 relays on Redis, 2 APIs on PostgreSQL, the bucket on s3rver)');
  // load beyond what one person sends (a store answers its 20 farmers): the per-user limits would refuse it
  const cluster = await startScaleCluster({ env: { RATE_LIMITS: 'off' }, log: (m) => log(`  ${m}`) });
  let gens;
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: cluster.pgUrl, max: 2 });
  try {
    const data = await seed(cluster.pgUrl);
    const relayPids = cluster.relays.map((r) => r.pid);
    const before = relayPids.map(rssOf);
    gens = await startGenerators(cluster.url, data);
    await sleep(5000);
    const counts = await Promise.all(cluster.relays.map(relaySockets));
    const memory = relayPids.map((pid, i) => perSocket(before[i], rssOf(pid), counts[i]));
    log(`  sockets per relay: ${counts.join(' / ')}`);
    log(
      `  memory per idle socket: ${memory.map((m) => `${(m / 1024).toFixed(1)} KB`).join(' / ')} (resident, relay 1 / relay 2)`,
    );
    const pids = () => [...cluster.apis, ...cluster.relays].map((s) => s.pid).filter(Boolean);
    const { steps, found } = await stepUp(gens, pids());

    // the kill round: half the rate found, one API and one relay SIGKILLed a third of the way in
    const rate = Math.max(10, Math.round((found ?? RATES[0]) / 2));
    log(
      `  kill round: ${rate}/s for ${KILL_SECONDS} s, api1 and relay1 killed (SIGKILL) after ${Math.round(KILL_SECONDS / 3)} s …`,
    );
    await sleep(1000);
    const kill = await runStep(gens, rate, KILL_SECONDS, {
      ids: true,
      pids: pids(),
      during: async (startAt) => {
        await sleep(startAt - Date.now() + (WARMUP + KILL_SECONDS / 3) * 1000);
        await Promise.all([cluster.apis[0].kill(), cluster.relays[0].kill()]);
        log(`    killed api1 and relay1 at ${new Date().toISOString().slice(11, 19)}`);
      },
    });
    const ids = kill.ackedIds;
    const rows = (
      await pool.query(
        'select client_id, count(*)::int as n from messages where client_id = any($1) group by client_id',
        [ids],
      )
    ).rows;
    const stored = new Map(rows.map((r) => [r.client_id, r.n]));
    kill.missing = ids.filter((id) => !stored.has(id)).length;
    kill.storedTwice = rows.filter((r) => r.n > 1).length;
    kill.held = kill.missing === 0 && kill.storedTwice === 0 && kill.doubled === 0;
    log(
      `  kill round: sent ${kill.sent}, acknowledged ${kill.acked} (${kill.resent} sent again after a reconnect or a refusal, ${kill.reconnects} sockets reconnected); of the acknowledged ${kill.missing} not stored, ${kill.storedTwice} stored twice; delivered live ${kill.delivered} (${kill.lost} missed live by a socket while it reconnected: a client re-syncs those), ${kill.doubled} twice to one socket; p99 ${round(kill.p99)} ms — ${kill.held ? 'nothing lost or doubled' : 'LOST OR DOUBLED'}`,
    );
    delete kill.ackedIds;
    return {
      sockets: gens.sockets,
      expected: gens.expected,
      perRelay: counts,
      memory: { relays: memory },
      steps,
      found,
      kill,
    };
  } finally {
    gens?.close();
    await pool.end().catch(() => {});
    await cluster.stop();
  }
}

function markdown(results) {
  const lines = [
    `\`npm run bench:scale\` (${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores, every process on one machine): ${FARMERS} farmers, a store per ${PER_STORE}, every account's socket connected; steps of ${STEP_SECONDS} s after ${WARMUP} s of warm-up; target delivery p99 < ${TARGET_P99} ms with nothing lost.`,
    '',
  ];
  for (const [name, r] of Object.entries(results)) {
    lines.push(`### ${name}`, '');
    lines.push(
      `${r.sockets} of ${r.expected} sockets connected${r.perRelay ? ` (relays: ${r.perRelay.join(' / ')})` : ''}; memory per idle socket ${
        r.memory.relays
          ? r.memory.relays.map((m) => `${(m / 1024).toFixed(1)} KB`).join(' / ')
          : `${(r.memory.process / 1024).toFixed(1)} KB`
      }; rate found: **${r.found === null ? 'none' : `${r.found}/s`}**.`,
      '',
      '| rate/s | sent | delivered | p50 ms | p99 ms | max ms | lost | doubled | server CPU | load (1 / 5 / 15 min) | |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const s of r.steps) {
      lines.push(
        `| ${s.rate} | ${s.sent} | ${s.delivered} | ${round(s.p50)} | ${round(s.p99)} | ${round(s.max)} | ${s.lost} | ${s.doubled} | ${((100 * s.cpuSeconds) / s.seconds).toFixed(0)} % | ${s.load} | ${s.held ? 'held' : 'missed'} |`,
      );
    }
    if (r.kill) {
      const k = r.kill;
      lines.push(
        '',
        `Kill round at ${k.rate}/s for ${KILL_SECONDS} s (api1 and relay1 SIGKILLed after a third): ${k.sent} sent, ${k.acked} acknowledged, ${k.missing} of them not stored, ${k.storedTwice} stored twice, ${k.doubled} delivered twice to one socket, ${k.lost} missed live while their socket reconnected; ${k.reconnects} sockets reconnected, ${k.resent} messages sent again; delivery p99 ${round(k.p99)} ms; load ${k.load}.`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

ensureBuilt({ log: (m) => log(`  ${m}`) });
log(`bench:scale — load at the start ${load()}`);
const results = {};
if (TARGETS.includes('single')) results['npm start (one process, SQLite)'] = await benchSingle();
if (TARGETS.includes('scaled'))
  results['scaled (nginx, 2 relays + Redis, 2 APIs + PostgreSQL, s3rver)'] = await benchScaled();
const md = markdown(results);
log(`\n${md}`);
log(`BENCH_SCALE_RESULT ${JSON.stringify(results)}`);
mkdirSync(path.dirname(OUT), { recursive: true });
writeFileSync(OUT, `${md}\n`);
log(`written to ${path.relative(REPO_ROOT, OUT)}`);
process.exit(0);
