// nginx for the local scale test and benchmark: renders deploy/nginx.conf.template (the file the
// docker image uses) with local values and runs Debian's nginx with every path inside a temp dir.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePrograms } from './os-deps.mjs';
import { waitForPort } from './ports.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const NGINX_TEMPLATE = path.join(REPO_ROOT, 'deploy', 'nginx.conf.template');

/** The template's `${NAME}` placeholders, in order of first use. */
export function templateVariables(text) {
  return [...new Set([...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]))];
}

/**
 * envsubst as the nginx image runs it: only `${NAME}` with NAME in `vars` is replaced. Throws when
 * a placeholder has no value, so the template and its callers cannot drift apart silently.
 */
export function renderTemplate(text, vars) {
  const missing = templateVariables(text).filter((name) => !(name in vars));
  if (missing.length) throw new Error(`nginx template needs ${missing.join(', ')}`);
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name) => vars[name]);
}

/** `server 127.0.0.1:p max_fails=1 fail_timeout=5s;` lines for an upstream block. */
export const upstreamServers = (ports) =>
  ports.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n    ');

/** The main nginx.conf around the rendered template: pid, logs and temp files in `dir`. */
function mainConf(dir, includeFile) {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return `daemon off;
${asRoot ? 'user root;' : ''}
worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    keepalive_timeout 65;
    client_body_temp_path ${dir}/temp/body;
    proxy_temp_path ${dir}/temp/proxy;
    fastcgi_temp_path ${dir}/temp/fastcgi;
    uwsgi_temp_path ${dir}/temp/uwsgi;
    scgi_temp_path ${dir}/temp/scgi;
    include ${includeFile};
}
`;
}

/**
 * `nginx -t` of the template rendered with `vars` (e.g. docker-compose.yml's values). Returns
 * nginx's complaint, or null when the configuration is valid.
 */
export function nginxConfigProblem(vars) {
  ensurePrograms(['nginx']);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agrivet-nginx-check-'));
  try {
    mkdirSync(path.join(dir, 'temp'));
    const siteFile = path.join(dir, 'agrivet.conf');
    const confFile = path.join(dir, 'nginx.conf');
    // the micro-cache in the temp dir: `nginx -t` creates it
    const local = { ...vars, NGINX_CACHE_DIR: path.join(dir, 'cache') };
    writeFileSync(siteFile, renderTemplate(readFileSync(NGINX_TEMPLATE, 'utf8'), local));
    writeFileSync(confFile, mainConf(dir, siteFile));
    const r = spawnSync('nginx', ['-t', '-q', '-p', dir, '-c', confFile, '-e', path.join(dir, 'error.log')], {
      encoding: 'utf8',
    });
    return r.status === 0 ? null : `${r.stderr}${r.stdout}`.trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Starts nginx on 127.0.0.1:port in front of the given API and relay ports.
 * Returns { url, port, dir, stop(), errorLog() }.
 */
export async function startNginx({ port, apiPorts, relayPorts, clientRoot, supportPhone = '+963900000000' }) {
  ensurePrograms(['nginx']);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agrivet-nginx-'));
  chmodSync(dir, 0o755);
  mkdirSync(path.join(dir, 'temp'), { mode: 0o777 });
  const site = renderTemplate(readFileSync(NGINX_TEMPLATE, 'utf8'), {
    LISTEN: `127.0.0.1:${port}`,
    CLIENT_ROOT: clientRoot,
    API_UPSTREAMS: upstreamServers(apiPorts),
    RELAY_UPSTREAMS: upstreamServers(relayPorts),
    NGINX_RESOLVER: '',
    NGINX_CACHE_DIR: path.join(dir, 'cache'),
    SUPPORT_PHONE: supportPhone,
  });
  const siteFile = path.join(dir, 'agrivet.conf');
  const confFile = path.join(dir, 'nginx.conf');
  writeFileSync(siteFile, site);
  writeFileSync(confFile, mainConf(dir, siteFile));
  const errorLog = () => {
    try {
      return readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const proc = spawn('nginx', ['-p', dir, '-c', confFile, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  // nginx must not outlive a test that crashed.
  const killOnExit = () => proc.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exitPromise = new Promise((resolve) =>
    proc.once('exit', () => {
      exited = true;
      process.off('exit', killOnExit);
      resolve();
    }),
  );
  try {
    await Promise.race([
      waitForPort(port, 10000),
      exitPromise.then(() => {
        throw new Error(`nginx exited at start:\n${errorLog()}`);
      }),
    ]);
  } catch (err) {
    if (!exited) proc.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const stop = async () => {
    if (!exited) {
      proc.kill('SIGTERM');
      await Promise.race([exitPromise, new Promise((r) => setTimeout(r, 5000))]);
      if (!exited) proc.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: `http://127.0.0.1:${port}`, port, dir, pid: proc.pid, stop, errorLog };
}
