#!/usr/bin/env node
// `npm test`: every test of the project, in order of cost. Installs the OS programs the tests
// need (CONTRACT.md §1), then runs each step and stops at the first failure.
//   TEST_ONLY=unit,integration  runs only the named steps.
import { spawnSync } from 'node:child_process';
import { ensurePrograms } from './lib/os-deps.mjs';

const steps = [
  { name: 'typecheck', cmd: ['npx', 'tsc', '-b'] },
  { name: 'lint', cmd: ['npm', 'run', 'lint'] }, // Biome, then client/scripts/check-boundaries.mjs
  // The vitest projects named *-integration (child processes, redis-server, the realtime client end
  // to end through a relay) run apart from the fast ones: vitest.config.ts.
  // As many files at once as there are cores: vitest's default in `run` mode is one less, which on the
  // 2-core CI machine is one file after the other while a core idles (docs/decisions.md). The
  // integration lane keeps the default: its files start servers and redis of their own.
  { name: 'unit', cmd: ['npx', 'vitest', 'run', '--project=!*-integration', '--maxWorkers=100%'] },
  { name: 'integration', cmd: ['npx', 'vitest', 'run', '--project=*-integration'] },
  { name: 'pg', cmd: ['node', 'scripts/test-pg.mjs'] },
  { name: 'build', cmd: ['npm', 'run', 'build'] },
  { name: 'e2e', cmd: ['npm', 'run', 'test:e2e'] },
  { name: 'scale', cmd: ['node', 'scripts/test-scale.mjs'] },
];

const only = process.env.TEST_ONLY ? new Set(process.env.TEST_ONLY.split(',')) : null;
ensurePrograms();

const results = [];
const started = Date.now();
for (const step of steps) {
  if (only && !only.has(step.name)) continue;
  const t = Date.now();
  console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`);
  const r = spawnSync(step.cmd[0], step.cmd.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, CI: process.env.CI ?? '1' },
  });
  const ok = r.status === 0;
  results.push({ name: step.name, ok, seconds: Math.round((Date.now() - t) / 1000) });
  if (!ok) break;
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`total ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
