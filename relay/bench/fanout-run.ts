/**
 * The fan-out load (issue 25): the pairs' 2 sockets each, split over two client processes
 * (fanout-load.ts), all joined, then `rate` messages/s for `warmup` + `seconds`, open loop. Used by
 * bench-relay.ts (the one-process API + relay) and, as a command printing one JSON line, by
 * `npm run bench:scale` (its one-process product and the scaled cluster behind nginx):
 *   BENCH_PORT=<port> BENCH_PAIRS_FILE=pairs.json [BENCH_CPU_PIDS=pid,pid] node --import tsx relay/bench/fanout-run.ts
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cpuOf, stats } from './lib';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface FanoutOptions {
  port: number;
  pairs: { conversationId: number; farmer: string; owner: string }[];
  rate: number;
  warmup: number;
  seconds: number;
  /** Processes whose CPU time is counted (the server side). */
  cpuPids?: number[];
  log?: (line: string) => void;
}

export interface FanoutResult {
  sockets: number;
  expected: number;
  failed: string[];
  joinSeconds: number;
  sent: number;
  delivered: number;
  lost: number;
  acks: Record<string, number>;
  n: number;
  p50: number;
  p99: number;
  max: number;
  /** Server CPU seconds over the whole load (warm-up included). */
  cpuSeconds: number;
  lateP99: number[];
  loadBefore: string;
  loadAfter: string;
}

const uptime = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

function forkChild(file: string): Promise<ChildProcess> {
  const child = fork(file, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
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

export async function runFanout(o: FanoutOptions): Promise<FanoutResult> {
  const shares = [o.pairs.slice(0, Math.ceil(o.pairs.length / 2)), o.pairs.slice(Math.ceil(o.pairs.length / 2))];
  const loaders: ChildProcess[] = [];
  try {
    for (let i = 0; i < shares.length; i++) loaders.push(await forkChild(path.join(here, 'fanout-load.ts')));
    const joined = loaders.map((c) => nextOf<{ sockets: number; failed: string[] }>(c, 'joined'));
    const results = loaders.map((c) =>
      nextOf<{
        samples: number[];
        sent: number;
        delivered: number;
        lost: number;
        acks: Record<string, number>;
        lateP99: number;
      }>(c, 'result'),
    );
    for (const r of results) r.catch(() => {});
    const t0 = performance.now();
    for (const [i, c] of loaders.entries()) {
      c.send({
        type: 'start',
        port: o.port,
        pairs: shares[i],
        rate: o.rate / loaders.length,
        warmup: o.warmup,
        seconds: o.seconds,
      });
    }
    const j = await Promise.all(joined);
    const joinSeconds = (performance.now() - t0) / 1000;
    const sockets = j.reduce((a, x) => a + x.sockets, 0);
    const failed = j.flatMap((x) => x.failed).filter(Boolean);
    o.log?.(
      `fan-out: ${sockets} sockets joined in ${joinSeconds.toFixed(1)} s${failed.length ? ` (failed: ${failed.slice(0, 3).join('; ')})` : ''}; ${o.rate} messages/s, ${o.warmup} s warm-up, ${o.seconds} s measured …`,
    );
    // every socket joined: both start sending at the same moment
    const startAt = Date.now() + 500;
    for (const c of loaders) c.send({ type: 'go', startAt });
    const cpu = () => (o.cpuPids ?? []).reduce((a, pid) => a + cpuOf(pid), 0);
    const cpu0 = cpu();
    const loadBefore = uptime();
    const r = await Promise.all(results);
    const cpuSeconds = cpu() - cpu0;
    const samples = r.flatMap((x) => x.samples);
    const st = stats(samples);
    const acks: Record<string, number> = {};
    for (const x of r) for (const [k, v] of Object.entries(x.acks)) acks[k] = (acks[k] ?? 0) + v;
    return {
      sockets,
      expected: 2 * o.pairs.length,
      failed,
      joinSeconds,
      sent: r.reduce((a, x) => a + x.sent, 0),
      delivered: r.reduce((a, x) => a + x.delivered, 0),
      lost: r.reduce((a, x) => a + x.lost, 0),
      acks,
      n: st.n,
      p50: st.p50,
      p99: st.p99,
      max: samples.reduce((a, b) => Math.max(a, b), 0),
      cpuSeconds,
      lateP99: r.map((x) => x.lateP99),
      loadBefore,
      loadAfter: uptime(),
    };
  } finally {
    for (const c of loaders) c.kill('SIGKILL');
  }
}

// as a command (bench:scale): one JSON line on stdout
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runFanout({
    port: Number(process.env.BENCH_PORT),
    pairs: JSON.parse(readFileSync(process.env.BENCH_PAIRS_FILE ?? '', 'utf8')),
    rate: Number(process.env.BENCH_FANOUT_RATE || 500),
    warmup: Number(process.env.BENCH_FANOUT_WARMUP || 5),
    seconds: Number(process.env.BENCH_FANOUT_SECONDS || 20),
    cpuPids: (process.env.BENCH_CPU_PIDS ?? '').split(',').filter(Boolean).map(Number),
    log: (l) => console.error(l),
  });
  console.log(`FANOUT_RESULT ${JSON.stringify(result)}`);
  process.exit(0);
}
