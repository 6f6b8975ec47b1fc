// Makes sure the OS programs the tests need are installed (CONTRACT.md §1): installs them with
// apt-get when running as root, else stops with the exact command to run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PROGRAMS = {
  chromium: { check: ['/usr/bin/chromium'], pkg: 'chromium' },
  // The e2e tests run in it (e2e/tests/support/chromium.ts); the same Debian build as chromium.
  'chromium-headless-shell': { check: ['/usr/bin/chromium-headless-shell'], pkg: 'chromium-headless-shell' },
  postgresql: { check: ['/usr/lib/postgresql/15/bin/initdb', '/usr/lib/postgresql/16/bin/initdb'], pkg: 'postgresql' },
  'redis-server': { check: ['/usr/bin/redis-server'], pkg: 'redis-server' },
  nginx: { check: ['/usr/sbin/nginx'], pkg: 'nginx' },
  openssl: { check: ['/usr/bin/openssl'], pkg: 'openssl' },
};

export function missingPrograms(names = Object.keys(PROGRAMS)) {
  return names.filter((n) => !PROGRAMS[n].check.some((p) => existsSync(p)));
}

export function ensurePrograms(names = Object.keys(PROGRAMS)) {
  const missing = missingPrograms(names);
  if (missing.length === 0) return;
  const pkgs = [...new Set(missing.map((n) => PROGRAMS[n].pkg))];
  const cmd = `apt-get update && apt-get install -y ${pkgs.join(' ')}`;
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log(`[os-deps] installing ${pkgs.join(', ')} with apt-get …`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs], {
      stdio: 'inherit',
      env,
    });
    if (r.status !== 0) throw new Error(`apt-get install failed: ${cmd}`);
    const still = missingPrograms(names);
    if (still.length) throw new Error(`still missing after apt-get: ${still.join(', ')}`);
  } else {
    console.error(`Missing OS programs: ${missing.join(', ')}. Install them with:\n  sudo ${cmd}`);
    process.exit(1);
  }
}

export function pgBinDir() {
  for (const v of ['16', '15']) {
    const d = `/usr/lib/postgresql/${v}/bin`;
    if (existsSync(`${d}/initdb`)) return d;
  }
  throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
}
