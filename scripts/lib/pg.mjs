// A throwaway PostgreSQL cluster on a free port (STACK.md), for tests and benchmarks.
// const pg = await startPostgres(); pg.url → postgres://postgres@127.0.0.1:PORT/postgres; await pg.stop();
import { execFileSync, execSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensurePrograms, pgBinDir } from './os-deps.mjs';
import { freePort } from './ports.mjs';

export async function startPostgres({ database = 'agrivet' } = {}) {
  ensurePrograms(['postgresql']);
  const bin = pgBinDir();
  const root = mkdtempSync(path.join(os.tmpdir(), 'agrivet-pg-'));
  chmodSync(root, 0o755);
  const dataDir = path.join(root, 'data');
  const sockDir = path.join(root, 'sock');
  mkdirSync(dataDir);
  mkdirSync(sockDir);
  const port = await freePort();
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const run = (cmd) => {
    if (asRoot) {
      execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', cmd], { stdio: 'pipe' });
    } else {
      execSync(cmd, { stdio: 'pipe' });
    }
  };
  if (asRoot) execFileSync('chown', ['-R', 'postgres', root]);
  run(`${bin}/initdb -D ${dataDir} -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync`);
  run(
    `${bin}/pg_ctl -D ${dataDir} -l ${dataDir}/server.log -w -o "-p ${port} -k ${sockDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start`,
  );
  run(`${bin}/psql -h 127.0.0.1 -p ${port} -U postgres -c "CREATE DATABASE ${database}"`);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      run(`${bin}/pg_ctl -D ${dataDir} -m immediate -w stop`);
    } catch {}
    rmSync(root, { recursive: true, force: true });
  };
  /** A fresh empty database on this cluster (one per test file). */
  const createDatabase = (name) => {
    run(`${bin}/psql -h 127.0.0.1 -p ${port} -U postgres -c "CREATE DATABASE ${name}"`);
    return `postgres://postgres@127.0.0.1:${port}/${name}`;
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/${database}`, port, createDatabase, stop };
}
