// One node service (API or relay instance) that a test can kill and restart on the same port.
// Its output is kept (last lines) to explain a failure.
import { spawn } from 'node:child_process';
import { waitForPort } from './ports.mjs';

const KEEP_LINES = 200;

/** Resolves once GET url answers 200 (or rejects after timeoutMs). */
export async function waitForHttp(url, timeoutMs = 30000) {
  const end = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < end) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err.message;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms (${last})`);
}

/**
 * @param {object} o
 * @param {string} o.name        label in logs ("api1")
 * @param {string[]} o.args      node arguments (e.g. ['api/dist/main.js'])
 * @param {number} o.port
 * @param {Record<string,string>} o.env
 * @param {string} o.cwd
 * @param {string} [o.readyUrl]  HTTP URL answering 200 when ready; else the port accepting connections
 */
export function createService({ name, args, port, env, cwd, readyUrl }) {
  const lines = [];
  let proc = null;
  let exitPromise = Promise.resolve();
  let starts = 0;

  const keep = (chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (!line) continue;
      lines.push(line);
      if (lines.length > KEEP_LINES) lines.shift();
    }
  };

  const start = async (timeoutMs = 30000) => {
    starts += 1;
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc = child;
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    exitPromise = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        if (proc === child) proc = null;
        keep(`[${name} exited: ${signal ?? code}]`);
        resolve();
      }),
    );
    const died = exitPromise.then(() => {
      throw new Error(`${name} exited during start:\n${lines.slice(-30).join('\n')}`);
    });
    await Promise.race([readyUrl ? waitForHttp(readyUrl, timeoutMs) : waitForPort(port, timeoutMs), died]);
  };

  /** SIGKILL by default: a crash, not a clean stop. Resolves when the process is gone. */
  const kill = async (signal = 'SIGKILL') => {
    if (!proc) return;
    proc.kill(signal);
    await exitPromise;
  };

  /** SIGTERM, then SIGKILL after 5 s. */
  const stop = async () => {
    if (!proc) return;
    const p = proc;
    p.kill('SIGTERM');
    const timer = setTimeout(() => p.kill('SIGKILL'), 5000);
    await exitPromise;
    clearTimeout(timer);
  };

  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    start,
    kill,
    stop,
    restart: async () => {
      await stop();
      await start();
    },
    get running() {
      return proc !== null;
    },
    get pid() {
      return proc?.pid;
    },
    get starts() {
      return starts;
    },
    output: () => lines.join('\n'),
  };
}
