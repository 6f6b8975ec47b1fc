/** Helpers of the relay benchmark: child processes, raw lightweight sockets, percentiles, memory. */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';

// below the kernel's ephemeral range: a port-0 port can be handed out again before the child listens
export { freePort } from '../../scripts/lib/ports.mjs';

/** A TypeScript child (through tsx) that reports 'ready' over IPC. */
export function forkReady(file: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = fork(file, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => (m === 'ready' ? resolve(child) : reject(new Error(String(m)))));
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}

/** The built standalone relay (relay/dist/main.js), healthy on port. */
export async function startRelayProcess(
  mainJs: string,
  port: number,
  apiUrl: string,
  options: { execArgv?: string[]; env?: Record<string, string> } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...(options.execArgv ?? []), mainJs], {
    env: { ...process.env, PORT: String(port), API_URL: apiUrl, LOG_LEVEL: 'warn', ...options.env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch {
      // not yet
    }
    await sleep(50);
  }
  throw new Error('relay did not start');
}

export async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const t = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(t);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface MemoryAfterGc {
  gc: boolean;
  /** Resident memory, read from /proc/<pid>/status by the benchmark after the collections. */
  rss: number;
  heapUsed: number;
}

/** Asks a relay started with gc-hook.mjs to collect garbage; its heap in use and its RSS then. */
export async function memoryAfterGc(pid: number, file: string): Promise<MemoryAfterGc> {
  const read = () => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as { seq: number; gc: boolean; heapUsed: number };
    } catch {
      return null; // not written yet
    }
  };
  const before = read()?.seq ?? 0;
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 400; i++) {
    await sleep(50);
    const m = read();
    if (m && m.seq > before) return { gc: m.gc, heapUsed: m.heapUsed, rss: rssOf(pid) };
  }
  throw new Error('the relay did not report its memory');
}

/** Resident memory of a process in bytes (Linux /proc). */
export function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

/** CPU seconds (user + system) a process used so far (Linux /proc). */
export function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * A socket.io connection spoken directly over one websocket (engine.io v4 + socket.io v5 framing):
 * far lighter than socket.io-client, so one benchmark process can hold 10,000 of them.
 */
export function rawSocket(port: number, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`);
    // a server out of open files leaves the connection unanswered: give up after 30 s
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('no answer in 30 s'));
    }, 30_000);
    ws.once('close', () => {
      clearTimeout(timer);
      reject(new Error('closed before the handshake'));
    });
    ws.on('message', (data) => {
      const s = data.toString();
      if (s.startsWith('0{')) ws.send(`40${JSON.stringify({ token })}`);
      else if (s === '2') ws.send('3');
      else if (s.startsWith('40')) {
        clearTimeout(timer);
        resolve(ws);
      } else if (s.startsWith('44')) {
        ws.close();
        reject(new Error(`refused: ${s}`));
      }
    });
    ws.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/** Opens n raw sockets, `concurrency` handshakes at a time. */
export async function openRaw(port: number, tokens: string[], n: number, concurrency = 200): Promise<WebSocket[]> {
  const out: WebSocket[] = [];
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      try {
        out.push(await rawSocket(port, tokens[i % tokens.length]));
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (failed) console.log(`  (${failed} of ${n} raw sockets failed to connect)`);
  return out;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export interface Stats {
  n: number;
  p50: number;
  p99: number;
}

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

export const ms = (v: number) => v.toFixed(2);
