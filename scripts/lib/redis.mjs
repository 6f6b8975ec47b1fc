// A throwaway redis-server on a free port (STACK.md). const r = await startRedis(); r.url; await r.stop();
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensurePrograms } from './os-deps.mjs';
import { freePort, waitForPort } from './ports.mjs';

export async function startRedis() {
  ensurePrograms(['redis-server']);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agrivet-redis-'));
  const port = await freePort();
  execFileSync('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'yes',
    '--dir',
    dir,
    '--pidfile',
    path.join(dir, 'redis.pid'),
    '--logfile',
    path.join(dir, 'redis.log'),
  ]);
  await waitForPort(port);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      execFileSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave'], { stdio: 'ignore' });
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: `redis://127.0.0.1:${port}`, port, stop };
}
