// The built code the scaled deployment runs (api/dist, relay/dist, client/dist), rebuilt only when
// missing or older than its sources. `npm test` builds just before test:scale, so there nothing is
// rebuilt; `npm run test:scale` (or bench:scale) alone builds what it needs.
//   ensureBuilt({ log })  → the workspaces it rebuilt, e.g. ['@agrivet/api'];  SCALE_BUILD=never
//   only reports (throws when something is missing or stale), SCALE_BUILD=always rebuilds all three.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './nginx.mjs';

const SHARED = ['shared/src', 'shared/package.json'];

/** Each workspace the cluster runs: its build output and every input of that build. */
export const BUILT = [
  {
    workspace: '@agrivet/api',
    output: 'api/dist/main.js',
    inputs: ['api/src', 'api/build.mjs', 'api/package.json', ...SHARED],
  },
  {
    workspace: '@agrivet/relay',
    output: 'relay/dist/main.js',
    inputs: ['relay/src', 'relay/build.mjs', 'relay/package.json', ...SHARED],
  },
  {
    workspace: '@agrivet/client',
    output: 'client/dist/index.html',
    inputs: [
      'client/src',
      'client/public',
      'client/scripts',
      'client/index.html',
      'client/package.json',
      'client/tsconfig.json',
      'client/vite.config.ts',
      'realtime/src',
      'realtime/package.json',
      ...SHARED,
    ],
  },
];

const SKIP_DIRS = new Set(['node_modules', 'dist', '__tests__', 'test', '.tsbuild']);

/** Newest modification time (ms) of a file, or of any file under a directory; 0 when absent. */
function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIP_DIRS.has(entry.name)) continue;
    if (/\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  }
  return newest;
}

/** Why each workspace needs a build: 'missing', 'stale (<newest input>)', or nothing when fresh. */
export function staleBuilds(root = REPO_ROOT) {
  const stale = [];
  for (const { workspace, output, inputs } of BUILT) {
    const out = path.join(root, output);
    if (!existsSync(out)) {
      stale.push({ workspace, reason: `${output} missing` });
      continue;
    }
    const builtAt = statSync(out).mtimeMs;
    const newer = inputs.find((i) => newestMtime(path.join(root, i)) > builtAt);
    if (newer) stale.push({ workspace, reason: `${newer} changed after ${output} was built` });
  }
  return stale;
}

/** Builds the workspaces whose output is missing or stale; returns their names. */
export function ensureBuilt({ log = console.log, root = REPO_ROOT, mode = process.env.SCALE_BUILD ?? 'auto' } = {}) {
  const todo =
    mode === 'always' ? BUILT.map(({ workspace }) => ({ workspace, reason: 'SCALE_BUILD=always' })) : staleBuilds(root);
  if (todo.length === 0) return [];
  const why = todo.map((t) => `${t.workspace}: ${t.reason}`).join('; ');
  if (mode === 'never') throw new Error(`build first (npm run build) — ${why}`);
  log(`building ${todo.map((t) => t.workspace).join(', ')} (${why})`);
  const args = ['run', 'build', ...todo.flatMap((t) => ['-w', t.workspace])];
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
  return todo.map((t) => t.workspace);
}
