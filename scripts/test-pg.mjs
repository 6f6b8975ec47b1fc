#!/usr/bin/env node
// The API suite on a real PostgreSQL: starts a throwaway cluster (scripts/lib/pg.mjs), runs
// `vitest run --project api --project api-isolated` with TEST_DATABASE_URL_BASE set (each test file
// creates its own database there), stops the cluster and exits with vitest's exit code. As many files at
// once as there are cores (vitest's default is one less: one on 2 cores, while the files mostly wait on
// PostgreSQL).
import { spawnSync } from 'node:child_process';
import { startPostgres } from './lib/pg.mjs';

const pg = await startPostgres();
const base = `postgres://postgres@127.0.0.1:${pg.port}`;
console.log(`PostgreSQL on port ${pg.port}`);
let status = 1;
const stop = async () => {
  await pg.stop();
};
process.on('SIGINT', async () => {
  await stop();
  process.exit(130);
});
try {
  const r = spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'api', '--project', 'api-isolated', '--maxWorkers=100%', ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL_BASE: base },
    },
  );
  status = r.status ?? 1;
} finally {
  await stop();
}
process.exit(status);
