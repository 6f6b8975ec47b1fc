/**
 * `node --import tsx api/bench/profile-create.ts`: message/create alone, the way `npm run bench:api`
 * measures it (create-load.ts: autocannon, 10 connections, the 2,000 seeded users in turn), against
 * this checkout's `node server/dist/index.js` on a copy of the prepared database (run `npm run
 * bench:api` once to build it), without the mixed load: quick enough to try a change to the write
 * path. Prints the server's CPU per request (process /proc time) beside the target and the load.
 *   BENCH_CREATE_SECONDS=10 BENCH_ROUNDS=1 (runs in a row; each on a fresh copy)
 *   BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there; its heaviest functions are printed.
 *   BENCH_BEFORE_SERVER=<another build's server/dist/index.js>: measured in turn with this one, each
 *   round (on a shared machine, alternating is the fair comparison).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuOf, forkTs, machineBusy, nextMessage, sleep, stopChild, track } from './lib';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const cacheDir = path.join(repo, '.bench-cache');
const TARGET_MS = 0.25;
const SECONDS = Number(process.env.BENCH_CREATE_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const profDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;

const metaFile = readdirSync(cacheDir)
  .filter((f) => f.startsWith('bulk-') && f.endsWith('.json'))
  .map((f) => path.join(cacheDir, f))[0];
if (!metaFile) throw new Error('no prepared database in .bench-cache: run `npm run bench:api` once');
const dbFile = metaFile.replace(/\.json$/, '.db');

async function startServer(dir: string, serverJs: string): Promise<{ server: ChildProcess; url: string }> {
  const logFile = path.join(dir, 'server.log');
  const clean: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('BENCH_') && !k.startsWith('npm_')) clean[k] = v;
  for (const k of ['REDIS_URL', 'DATABASE_URL', 'STORAGE_DIR']) delete clean[k];
  const server = track(
    spawn(process.execPath, [...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), serverJs], {
      cwd: repo,
      env: {
        ...clean,
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}`,
        STORAGE_DIR: path.join(dir, 'storage'),
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let port = 0;
  const keep = (chunk: Buffer) => {
    appendFileSync(logFile, chunk);
    port ||= Number(/running: http:\/\/[^:]+:(\d+)/.exec(chunk.toString())?.[1] ?? 0);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(readFileSync(logFile, 'utf8').slice(-2000));
    if (port) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { server, url: `http://127.0.0.1:${port}` };
      } catch {
        // not yet
      }
    }
    await sleep(200);
  }
  throw new Error('the server did not start');
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}

/** The heaviest functions (self time) and files of a .cpuprofile. */
function summarize(file: string): void {
  const prof = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[] };
  const total = prof.samples.length;
  const byFn = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const n of prof.nodes) {
    const url = n.callFrame.url.replace(/^file:\/\//, '').replace(repo, '');
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? (url ? url.split('/').slice(0, 3).join('/') : '(native)');
    const fn = `${n.callFrame.functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + n.hitCount);
    byFile.set(pkg, (byFile.get(pkg) ?? 0) + n.hitCount);
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, hits]) => `  ${((100 * hits) / total).toFixed(1).padStart(5)} %  ${name}`)
      .join('\n');
  console.log(`\nprofile ${file} (${total} samples)\nself time by package / folder:\n${top(byFile, 20)}`);
  console.log(`self time by function:\n${top(byFn, 40)}`);
}

const servers = [
  ...(process.env.BENCH_BEFORE_SERVER ? [{ label: 'before', js: path.resolve(process.env.BENCH_BEFORE_SERVER) }] : []),
  { label: 'this checkout', js: path.join(repo, 'server/dist/index.js') },
];
for (let round = 1; round <= ROUNDS; round++)
  for (const { label, js } of servers) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agrivet-profile-create-'));
    let server: ChildProcess | undefined;
    try {
      copyFileSync(dbFile, path.join(dir, 'bench.db'));
      execFileSync('sync');
      const started = await startServer(dir, js);
      server = started.server;
      const create = forkTs(path.join(here, 'create-load.ts'), {
        BENCH_URL: started.url,
        BENCH_META_FILE: metaFile,
        BENCH_CREATE_SECONDS: String(SECONDS),
      });
      const done = nextMessage<{ rps: number; total: number; p50: number; p99: number; non2xx: number }>(
        create,
        'result',
      );
      done.catch(() => {});
      await nextMessage(create, 'measuring');
      const c0 = { t: performance.now(), server: cpuOf(server.pid), gen: cpuOf(create.pid), machine: machineBusy() };
      const r = await done;
      const c1 = { t: performance.now(), server: cpuOf(server.pid), gen: cpuOf(create.pid), machine: machineBusy() };
      await stopChild(create);
      const window = (c1.t - c0.t) / 1000;
      const perRequest = ((c1.server - c0.server) * 1000) / Math.max(1, r.total);
      const others = Math.max(0, (c1.machine - c0.machine - (c1.server - c0.server) - (c1.gen - c0.gen)) / window);
      console.log(
        `${label}: message/create: ${r.rps}/s (p50 ${r.p50} / p99 ${r.p99} ms, non-2xx ${r.non2xx}); server CPU per request ${perRequest.toFixed(3)} ms (target ≤ ${TARGET_MS}: ${perRequest <= TARGET_MS ? 'met' : 'missed'}); server ${((c1.server - c0.server) / window).toFixed(2)} cores, other processes ${others.toFixed(2)} cores; load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' / ')}`,
      );
    } finally {
      await stopChild(server);
      rmSync(dir, { recursive: true, force: true });
    }
    if (profDir) {
      const newest = readdirSync(profDir)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => path.join(profDir, f))
        .sort()
        .at(-1);
      if (newest) summarize(newest);
    }
  }
process.exit(0);
