/**
 * `npm run bench:api`: seeds bulk data (100k products, 1M messages, 50k orders), starts the API in
 * a child process on a free port and measures the main calls with autocannon, first at about
 * 10k rows and again at full size; a bare node:http server sending the same bytes gives the
 * ceiling. Prints req/s, p50/p99 and writes the figures into docs/performance.md ("## API").
 *   BENCH_SECONDS=8 BENCH_WARMUP=2 BENCH_CONNECTIONS=10 BENCH_DATABASE_URL=postgres://… BENCH_QUICK=1 BENCH_REPORT=0
 *   BENCH_ONLY=<regexp> (only the calls whose name matches; no report) BENCH_CPU_PROF=<dir> (API CPU profiles)
 */
import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { issueToken } from '../src/auth/tokens';
import { type Config, findRepoRoot, loadConfig } from '../src/config';
import { createDb } from '../src/db/create-db';
import { migrate } from '../src/db/migrate';
import { type BenchPeople, grow, type Sizes, seedBase } from './seed-bulk';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = findRepoRoot();
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const quick = process.env.BENCH_QUICK === '1';
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const cpuProf = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
const SMALL: Sizes = { products: 10_000, messages: 10_000, orders: 5_000 };
const LARGE: Sizes = quick
  ? { products: 30_000, messages: 100_000, orders: 10_000 }
  : { products: 100_000, messages: 1_000_000, orders: 50_000 };

/** The issue's list calls (its 40 % / 25 ms target); conversation/get is measured for reference. */
const LIST_CALLS = [
  'GET store/get-By-city?type=0&city=1',
  'GET product/getAll (page 1)',
  'GET product/getAll (last page)',
  'GET search (broad: 1 product in 7)',
  'GET search (narrow: a few hits)',
  'GET conversation/get-My-Conv (40 convs)',
];

interface Row {
  phase: string;
  call: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** A GET's answer, saved: the bare server sends the same bytes. */
  bodyFile?: string;
}

async function freePort(): Promise<number> {
  const { freePort: free } = (await import(path.join(root, 'scripts/lib/ports.mjs'))) as {
    freePort: () => Promise<number>;
  };
  return free();
}

async function startChild(script: string, env: Record<string, string>) {
  const port = await freePort();
  const child = fork(path.join(here, script), [], {
    env: { ...process.env, ...env, BENCH_PORT: String(port) },
    execArgv: [
      '--import',
      'tsx',
      ...(cpuProf && script === 'serve-api.ts' ? ['--cpu-prof', `--cpu-prof-dir=${cpuProf}`] : []),
    ],
    stdio: 'inherit',
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

let bodies = 0;

async function measure(phase: string, call: string, opts: Parameters<typeof autocannon>[0]): Promise<Row> {
  if (only && phase !== 'bare' && !only.test(call)) return { phase, call, rps: 0, p50: 0, p99: 0, errors: 0 };
  // JIT warm-up (a running server has long compiled its hot paths): not counted
  if (warmup > 0) await autocannon({ connections, duration: warmup, ...opts });
  const r = await autocannon({ connections, duration: seconds, ...opts });
  const row = {
    phase,
    call,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  };
  console.log(
    `${phase.padEnd(6)} ${call.padEnd(44)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms${row.errors ? `  (${row.errors} errors/non-2xx)` : ''}`,
  );
  if (!opts.method && typeof opts.url === 'string' && phase !== 'bare') {
    const body = Buffer.from(
      await (await fetch(opts.url, { headers: opts.headers as Record<string, string> })).arrayBuffer(),
    );
    const bodyFile = path.join(tmp, `body-${++bodies}.json`);
    writeFileSync(bodyFile, body);
    return { ...row, bodyFile };
  }
  return row;
}

/**
 * One API process over the database as it is; `cache` false runs it with RESPONSE_CACHE_SECONDS=0, so
 * every request does the whole work (message/create is measured with the default configuration only).
 */
async function benchPhase(
  phase: string,
  databaseUrl: string,
  people: BenchPeople,
  tokens: { farmer: string },
  cache: boolean,
) {
  const api = await startChild('serve-api.ts', {
    DATABASE_URL: databaseUrl,
    STORAGE_DIR: path.join(tmp, 'storage'),
    RESPONSE_CACHE_SECONDS: cache ? '5' : '0',
  });
  const auth = { Authorization: `Bearer ${tokens.farmer}` };
  const rows: Row[] = [];
  try {
    rows.push(
      await measure(phase, 'GET store/get-By-city?type=0&city=1', {
        url: `${api.url}/api/store/get-By-city?type=0&city=1`,
      }),
    );
    rows.push(
      await measure(phase, 'GET product/getAll (page 1)', { url: `${api.url}/api/product/getAll?page_number=1` }),
    );
    const first = (await (await fetch(`${api.url}/api/product/getAll`)).json()) as { data: { last_page: number } };
    const total = first.data.last_page;
    const deep = Math.max(1, total - 1);
    rows.push(
      await measure(phase, 'GET product/getAll (last page)', {
        url: `${api.url}/api/product/getAll?page_number=${deep}`,
      }),
    );
    rows.push(
      await measure(phase, 'GET search (broad: 1 product in 7)', {
        url: `${api.url}/api/search?q=${encodeURIComponent(people.searchWord)}`,
      }),
    );
    rows.push(
      await measure(phase, 'GET search (narrow: a few hits)', {
        url: `${api.url}/api/search?q=${encodeURIComponent(people.narrowSearch)}`,
      }),
    );
    rows.push(
      await measure(phase, 'GET conversation/get-My-Conv (40 convs)', {
        url: `${api.url}/api/conversation/get-My-Conv`,
        headers: auth,
      }),
    );
    rows.push(
      await measure(phase, 'GET conversation/get/{id} (latest messages)', {
        url: `${api.url}/api/conversation/get/${people.conversationId}`,
        headers: auth,
      }),
    );
    if (cache)
      rows.push(
        await measure(phase, 'POST message/create', {
          url: `${api.url}/api/message/create`,
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json' },
          // a new client_id per message, as the app sends through the relay (autocannon fills in [<id>])
          body: JSON.stringify({
            conversation_id: people.conversationId,
            message: 'مرحبا، هل الدواء متوفر؟',
            client_id: '[<id>]',
          }),
          idReplacement: true,
        }),
      );
  } finally {
    await api.stop();
  }
  return rows;
}

const loadAtStart = os.loadavg()[0];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'agrivet-bench-'));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(tmp, 'bench.db')}`;
const config: Config = { ...loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }), seedDemo: false };

async function withDb<T>(fn: (db: ReturnType<typeof createDb>) => Promise<T>): Promise<T> {
  const db = createDb(config.database);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

try {
  console.log(
    `database: ${config.database.kind}; ${connections} connections, ${seconds} s per call; ${os.cpus().length} CPUs`,
  );
  let t = Date.now();
  const people = await withDb(async (db) => {
    await migrate(db);
    const p = await seedBase(db.kysely);
    await grow(db.kysely, SMALL);
    return p;
  });
  console.log(`seeded the small set in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  const token = await withDb((db) => issueToken(db.kysely, people.farmerId));
  const small = await benchPhase('10k', databaseUrl, people, { farmer: token }, true);
  const smallNc = await benchPhase('10k/nc', databaseUrl, people, { farmer: token }, false);

  t = Date.now();
  await withDb((db) => grow(db.kysely, LARGE));
  const seedSeconds = (Date.now() - t) / 1000;
  // the kernel writes the ~200 MB just grown back to disk: not while the large phase measures
  execFileSync('sync');
  console.log(
    `grew to ${LARGE.products} products, ${LARGE.messages} messages, ${LARGE.orders} orders in ${seedSeconds.toFixed(1)} s`,
  );
  const large = await benchPhase('large', databaseUrl, people, { farmer: token }, true);
  const largeNc = await benchPhase('large/nc', databaseUrl, people, { farmer: token }, false);

  // The ceiling for each GET: a bare node:http server sending that call's bytes (as the API answered them).
  const bare = new Map<string, Row>();
  for (const row of large) {
    if (!row.bodyFile) continue;
    const server = await startChild('serve-bare.ts', { BENCH_BODY_FILE: row.bodyFile });
    try {
      bare.set(row.call, await measure('bare', `node:http, bytes of ${row.call.slice(4)}`, { url: `${server.url}/` }));
    } finally {
      await server.stop();
    }
  }
  const page1File = large.find((r) => r.call === 'GET product/getAll (page 1)')?.bodyFile;
  let expressRow: Row = { phase: 'bare', call: 'Express', rps: 0, p50: 0, p99: 0, errors: 0 };
  if (page1File) {
    const bareExpress = await startChild('serve-express-bare.ts', { BENCH_BODY_FILE: page1File });
    try {
      expressRow = await measure('bare', 'Express 5, one route, bytes of product/getAll p1', {
        url: `${bareExpress.url}/`,
      });
    } finally {
      await bareExpress.stop();
    }
  }
  const bareRow = bare.get('GET product/getAll (page 1)') ?? {
    phase: 'bare',
    call: '',
    rps: 0,
    p50: 0,
    p99: 0,
    errors: 0,
  };
  console.log(
    `empty Express / bare node:http (product/getAll page 1 bytes): ${((expressRow.rps / bareRow.rps) * 100).toFixed(0)} %`,
  );
  const targets = checkTargets(small, large, bare);
  const targetsNc = checkTargets(smallNc, largeNc, bare);
  console.log('with the response cache (the default):');
  for (const t of targets) console.log(`${t.met ? 'met   ' : 'MISSED'} ${t.target}: ${t.figure}`);
  console.log('cache off (RESPONSE_CACHE_SECONDS=0):');
  for (const t of targetsNc) console.log(`${t.met ? 'met   ' : 'MISSED'} ${t.target}: ${t.figure}`);

  if (process.env.BENCH_REPORT !== '0' && !only)
    writeReport({ small, large, smallNc, largeNc, bare, bareRow, expressRow, seedSeconds, targets, targetsNc });
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

interface Target {
  target: string;
  figure: string;
  met: boolean;
}

/** The issue's targets, each judged from this run's figures against the bare server sending the same bytes. */
function checkTargets(small: Row[], large: Row[], bare: Map<string, Row>): Target[] {
  const measured = (r: Row) => !only || only.test(r.call);
  const out: Target[] = [];
  for (const row of large.filter((r) => r.call.startsWith('GET ') && measured(r))) {
    const ceiling = bare.get(row.call);
    if (LIST_CALLS.includes(row.call) && ceiling) {
      const share = row.rps / ceiling.rps;
      out.push({
        target: `${row.call}: ≥ 40 % of bare node:http, p99 < 25 ms (large)`,
        figure: `${(share * 100).toFixed(0)} %, p99 ${row.p99} ms`,
        met: share >= 0.4 && row.p99 < 25,
      });
    }
    const sm = small.find((x) => x.call === row.call);
    if (sm) {
      const growth = row.p99 / Math.max(sm.p99, 1);
      out.push({
        target: `${row.call}: p99 at full size ≤ 2× p99 at 10k`,
        figure: `${sm.p99} → ${row.p99} ms (${growth.toFixed(1)}×)`,
        met: growth <= 2,
      });
    }
  }
  const create = large.find((r) => r.call === 'POST message/create');
  if (create && measured(create)) {
    out.push({ target: 'POST message/create ≥ 2,000/s', figure: `${create.rps}/s`, met: create.rps >= 2000 });
  }
  return out;
}

function writeReport(r: {
  small: Row[];
  large: Row[];
  smallNc: Row[];
  largeNc: Row[];
  bare: Map<string, Row>;
  bareRow: Row;
  expressRow: Row;
  seedSeconds: number;
  targets: Target[];
  targetsNc: Target[];
}) {
  const file = path.join(root, 'docs', 'performance.md');
  let doc = '';
  try {
    doc = readFileSync(file, 'utf8');
  } catch {
    doc = '# Performance\n';
  }
  const table = (small: Row[], large: Row[]) => [
    '| call | req/s (10k) | p50 / p99 ms (10k) | req/s (large) | p50 / p99 ms (large) | bare, same bytes (req/s) | share of bare (large) |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...large.map((row) => {
      const sm = small.find((x) => x.call === row.call);
      const ceiling = r.bare.get(row.call);
      const share = ceiling ? `${((row.rps / ceiling.rps) * 100).toFixed(0)} %` : '';
      return `| ${row.call} | ${sm?.rps ?? '–'} | ${sm ? `${sm.p50} / ${sm.p99}` : '–'} | ${row.rps} | ${row.p50} / ${row.p99} | ${ceiling?.rps ?? ''} | ${share} |`;
    }),
  ];
  const targetTable = (targets: Target[]) => [
    '| target | this run | |',
    '|---|---|---|',
    ...targets.map((t) => `| ${t.target} | ${t.figure} | ${t.met ? 'met' : '**missed**'} |`),
  ];
  const lines = [
    '## API',
    '',
    `Measured with \`npm run bench:api\` (api/bench/bench-api.ts) on ${new Date().toISOString().slice(0, 10)}: ${config.database.kind},`,
    `${os.cpus().length} CPUs (load average ${loadAtStart.toFixed(1)} at the start), autocannon (in the benchmark's process, on the same`,
    `machine) with ${connections} connections for ${seconds} s per call after ${warmup} s of warm-up (not counted), the API in its own process.`,
    `"10k" = ~10k products and messages; "large" = ${LARGE.products.toLocaleString('en')} products, ${LARGE.messages.toLocaleString('en')} messages,`,
    `${LARGE.orders.toLocaleString('en')} orders (grown in ${r.seedSeconds.toFixed(0)} s with batched inserts in transactions).`,
    '',
    'Yardsticks: for every GET a bare node:http server sending the same bytes (column "bare, same bytes");',
    `product/getAll page 1's bytes: bare ${r.bareRow.rps} req/s (p50 / p99 ${r.bareRow.p50} / ${r.bareRow.p99} ms), Express 5 with one route and no`,
    `middleware ${r.expressRow.rps} req/s (${((r.expressRow.rps / r.bareRow.rps) * 100).toFixed(0)} % of bare).`,
    '',
    '### As deployed (response cache on, the default)',
    '',
    'The same URL repeated: after the first request, browse calls are answered by the response cache',
    '(api/src/http/response-cache.ts) until a write or 5 s pass; message/create does the whole work every time.',
    '',
    ...table(r.small, r.large),
    '',
    ...targetTable(r.targets),
    '',
    '### Every request doing the work (RESPONSE_CACHE_SECONDS=0)',
    '',
    'What a request costs when it misses the cache (a URL nobody asked for in the last seconds, or right after a write).',
    '',
    ...table(r.smallNc, r.largeNc),
    '',
    ...targetTable(r.targetsNc),
    '',
    'conversation/get/{id} is shown for reference: it is not one of the browse calls of the targets (it marks',
    'what it returns as delivered, so it is never cached). message/create with a JSON body is answered by the',
    "lean lane (api/src/http/lean-lane.ts: the same middleware, route function and errors without Express's",
    'router; through Express it reached ~1,400/s). A CPU profile of it (BENCH_CPU_PROF) shows about 0.45 ms of',
    'API CPU per message: SQLite about half (token, conversation and client_id lookups, insert, one UPDATE,',
    'commit), the rest node:http, body parsing, validation, helmet, compression and socket writes. Its margin',
    'over the target is thin: 2,170–2,280/s across runs on 2026-11-23 with the warm-up, 1,980–2,050/s in two',
    'runs without it (the first seconds run the lean path before the JIT has compiled it).',
    '',
    'Notes: with SQLite every query runs on one synchronous connection, so under 10 concurrent connections the',
    'p50/p99 are mostly queueing behind other requests (latency ≈ connections ÷ req/s). An Express app that',
    `does nothing but send the bytes reaches only ${((r.expressRow.rps / r.bareRow.rps) * 100).toFixed(0)} % of the bare server here: 40 % of bare is reachable only by answers`,
    'that skip Express, i.e. from the cache. `BENCH_DATABASE_URL=postgres://…` runs the same benchmark on PostgreSQL.',
    'Absolute figures follow the machine: the bare node:http figure is the yardstick between runs.',
    '',
  ];
  const section = lines.join('\n');
  const start = doc.indexOf('\n## API');
  if (start === -1) {
    doc = `${doc.trimEnd()}\n\n${section}`;
  } else {
    const next = doc.indexOf('\n## ', start + 1);
    doc = `${doc.slice(0, start)}\n${section}${next === -1 ? '' : doc.slice(next)}`;
  }
  writeFileSync(file, `${doc.trimEnd()}\n`);
  console.log(`figures written to ${path.relative(root, file)} (## API)`);
}
