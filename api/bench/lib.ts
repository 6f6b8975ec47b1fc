/** Helpers of `npm run bench:api`: child processes, ports, CPU accounting (Linux /proc), percentiles. */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every child process the benchmark started and that is still running: killed if the benchmark ends early. */
const live = new Set<ChildProcess>();
export function track(child: ChildProcess): ChildProcess {
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** A TypeScript child of the benchmark (through tsx, resolved from this checkout) speaking over IPC. */
export function forkTs(file: string, env: Record<string, string> = {}): ChildProcess {
  return track(
    fork(file, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
}

/** The next IPC message of `child` whose `type` is `type` (rejects if the child exits first). */
export function nextMessage<T = Record<string, unknown>>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if (m && typeof m === 'object' && (m as { type?: string }).type === type) {
        cleanup();
        resolve(m as T);
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`child exited with ${code} before sending '${type}'`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

export async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  const t = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(t);
}

/** CPU seconds (user + system) a process used so far; 0 once it is gone. */
export function cpuOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds the whole machine spent busy so far (every core; /proc/stat, not idle or iowait). */
export function machineBusy(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal
  const busy = cpu[0] + cpu[1] + cpu[2] + cpu[5] + cpu[6] + (cpu[7] ?? 0);
  return busy / 100;
}

export interface Stats {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

export function stats(samples: number[]): Stats {
  const sorted = Float64Array.from(samples).sort();
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.length ? sorted[sorted.length - 1] : NaN };
}

export const ms = (v: number | undefined) =>
  v === undefined || Number.isNaN(v) ? '–' : v < 10 ? v.toFixed(1) : v.toFixed(0);

/** When the slow answers came: per second of the measured window, how many went over `limitMs`. */
export class SlowSeconds {
  private readonly perSecond = new Map<number, { count: number; max: number }>();
  constructor(private readonly limitMs: number) {}

  add(second: number, elapsedMs: number): void {
    if (elapsedMs <= this.limitMs) return;
    const s = Math.floor(second);
    const e = this.perSecond.get(s) ?? { count: 0, max: 0 };
    e.count++;
    e.max = Math.max(e.max, elapsedMs);
    this.perSecond.set(s, e);
  }

  summary(): SlowSummary {
    const list = [...this.perSecond].map(([second, e]) => ({ second, ...e }));
    return {
      limitMs: this.limitMs,
      seconds: list.length,
      count: list.reduce((a, e) => a + e.count, 0),
      worst: list.sort((a, b) => b.count - a.count).slice(0, 5),
    };
  }
}

export interface SlowSummary {
  limitMs: number;
  /** Seconds of the window with at least one answer over the limit. */
  seconds: number;
  count: number;
  worst: { second: number; count: number; max: number }[];
}
