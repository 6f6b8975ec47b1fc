// The two builds `npm run bench:web` measures side by side: this checkout as it is (uncommitted changes
// included) and a "before" — a checkout's path, or a git ref built into a clone of its own under
// <tmpdir>/agrivet-bench-web/<commit> (node_modules copied from this checkout, `npm install` on top when
// the lockfiles differ; kept and reused by later runs) — each served by its own `node server/dist/index.js`
// on a free port with its own database (the demo data the API seeds into a fresh one) and storage folder.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports.mjs';
import { createService } from './service-process.mjs';

const git = (root, ...args) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
const tryGit = (root, ...args) => {
  try {
    return git(root, ...args);
  } catch {
    return '';
  }
};

/** A checkout's commit and subject, and how many tracked files it has changed since. */
export function describeCheckout(root) {
  const head = tryGit(root, 'log', '-1', '--format=%h %s').slice(0, 72).trimEnd();
  const dirty = tryGit(root, 'status', '--porcelain', '--untracked-files=no').split('\n').filter(Boolean).length;
  return `${head || root}${dirty ? ` (+${dirty} uncommitted files)` : ''}`;
}

/**
 * What BENCH_BEFORE names: `{ root }` for a checkout's path, `{ commit }` for a git ref of `repo`. Unset:
 * the merge-base of HEAD with main (the last commit of main this branch has) — or, when that is HEAD
 * itself, HEAD if the work tree has uncommitted changes (they are what is measured); a clean main must
 * name it.
 */
export function resolveBefore(repo, value) {
  if (value && existsSync(value) && statSync(value).isDirectory()) {
    const root = path.resolve(value);
    if (!existsSync(path.join(root, 'package.json'))) throw new Error(`BENCH_BEFORE=${value}: no package.json there`);
    if (root === repo) throw new Error('BENCH_BEFORE is this checkout itself: name another checkout or a git ref');
    return { root };
  }
  if (value) {
    const commit = tryGit(repo, 'rev-parse', '--verify', '--quiet', `${value}^{commit}`);
    if (!commit) throw new Error(`BENCH_BEFORE=${value}: neither a directory nor a git ref of ${repo}`);
    return { commit, ref: value };
  }
  const main = ['main', 'origin/main'].find((b) => tryGit(repo, 'rev-parse', '--verify', '--quiet', b));
  const base = main ? tryGit(repo, 'merge-base', 'HEAD', main) : '';
  if (base && base !== tryGit(repo, 'rev-parse', 'HEAD'))
    return { commit: base, ref: `merge-base of HEAD and ${main}` };
  if (base && tryGit(repo, 'status', '--porcelain', '--untracked-files=no'))
    return { commit: base, ref: 'HEAD (the work tree has uncommitted changes)' };
  throw new Error(
    'set BENCH_BEFORE: a git ref (BENCH_BEFORE=HEAD~3, a commit) or a checkout path — HEAD is main’s, with nothing uncommitted, so there is no base to default to',
  );
}

/** `npm run build` in `root`; its output only when it fails. */
export function build(root, log) {
  log(`building ${root} (npm run build) …`);
  try {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  } catch (err) {
    throw new Error(`npm run build failed in ${root}:\n${String(err.stdout ?? '').slice(-3000)}${err.stderr ?? ''}`);
  }
}

/**
 * A clone of `repo` at `commit`, built, under <tmpdir>/agrivet-bench-web/<commit>; reused when a previous run
 * finished it. The clone shares `repo`'s object store (git clone --shared), so any commit `repo` has works.
 */
export function cloneAt(repo, commit, log) {
  const dir = path.join(os.tmpdir(), 'agrivet-bench-web', commit.slice(0, 12));
  const ready = path.join(dir, '.bench-ready');
  if (existsSync(ready)) {
    log(`before: reusing the built clone ${dir}`);
    return dir;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  log(`before: cloning ${commit.slice(0, 12)} into ${dir} …`);
  execFileSync('git', ['clone', '-q', '--shared', '--no-checkout', repo, dir]);
  git(dir, 'checkout', '-q', '--detach', commit);
  // Copying node_modules is much faster than `npm ci`; the workspaces' links in it are relative, so they
  // point into the clone. A different lockfile: `npm install` brings it to the clone's.
  log('before: copying node_modules …');
  execFileSync('cp', ['-a', path.join(repo, 'node_modules'), path.join(dir, 'node_modules')]);
  const lock = (root) => readFileSync(path.join(root, 'package-lock.json'), 'utf8');
  if (lock(dir) !== lock(repo)) {
    log('before: its package-lock.json differs from this checkout’s: npm install …');
    execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  build(dir, log);
  writeFileSync(ready, `${commit}\n`);
  return dir;
}

/**
 * `node server/dist/index.js` of the checkout at `root` on a free port of 127.0.0.1, with a fresh database
 * and storage folder in a temporary directory (removed by stop()). Resolves once /api/health answers.
 */
export async function startProduct(root, name) {
  const data = mkdtempSync(path.join(os.tmpdir(), `agrivet-bench-web-${name}-`));
  const port = await freePort();
  const service = createService({
    name,
    args: [path.join(root, 'server', 'dist', 'index.js')],
    port,
    cwd: root,
    env: {
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(data, 'bench.db')}`,
      STORAGE_DIR: path.join(data, 'storage'),
      LOG_LEVEL: 'warn',
    },
    readyUrl: `http://127.0.0.1:${port}/api/health`,
  });
  const kill = () => {
    service.kill('SIGTERM');
    rmSync(data, { recursive: true, force: true });
  };
  process.on('exit', kill);
  await service.start(60_000);
  return {
    url: service.url,
    output: service.output,
    stop: async () => {
      process.off('exit', kill);
      await service.stop();
      rmSync(data, { recursive: true, force: true });
    },
  };
}
