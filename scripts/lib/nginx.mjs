// nginx for the local scale test and benchmark: renders deploy/nginx.conf.template (the file the
// docker image uses) with local values and runs Debian's nginx with every path inside a temp dir.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
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

/** The open-file limit of this machine's processes (`ulimit -Hn`; STACK.md: 20,000 here). */
function openFileLimit() {
  try {
    const n = Number(execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim());
    return Number.isFinite(n) && n > 0 ? n : 4096;
  } catch {
    return 4096;
  }
}

/**
 * The main nginx.conf around the rendered template: pid, logs and temp files in `dir`. Each worker may
 * hold as many connections as the machine lets a process open (a websocket through nginx is two:
 * bench:scale's 10,000 sockets are 20,000 connections over the two workers).
 */
function mainConf(dir, includeFile) {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const files = openFileLimit();
  return `daemon off;
${asRoot ? 'user root;' : ''}
worker_processes 2;
worker_rlimit_nofile ${files};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections ${Math.max(1024, files - 64)}; }
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
    // reuseport: the kernel spreads new connections over both workers (thousands of websockets)
    LISTEN: `127.0.0.1:${port} reuseport`,
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

/**
 * A TLS terminator on 127.0.0.1:port in front of `upstreamPort` (plain HTTP), speaking HTTP/2 to the
 * browser as a deployment's terminator does (docs/deploy.md §4: Caddy, a load balancer or nginx), with
 * a self-signed certificate made for the run (browsers must be told to accept it:
 * the returned `chromeFlags`). For `npm run bench:web`'s `BENCH_TLS=1`: the product as farmers
 * reach it, one multiplexed connection instead of HTTP/1.1's six. Returns { url, chromeFlags, stop() }.
 */
export async function startTlsTerminator({ port, upstreamPort }) {
  ensurePrograms(['nginx', 'openssl']);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agrivet-tls-'));
  chmodSync(dir, 0o755);
  mkdirSync(path.join(dir, 'temp'), { mode: 0o777 });
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  // The key's SPKI hash: Chromium told to trust it (`--ignore-certificate-errors-spki-list`) treats the
  // certificate as valid — with `--ignore-certificate-errors` it keeps nothing in its HTTP cache.
  const spki = execFileSync('sh', [
    '-c',
    `openssl x509 -in '${cert}' -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`,
  ])
    .toString()
    .trim();
  // `listen … ssl http2` (nginx 1.22 on Debian 12; `http2 on;` from 1.25.1).
  const siteFile = path.join(dir, 'tls.conf');
  writeFileSync(
    siteFile,
    `upstream product { server 127.0.0.1:${upstreamPort}; keepalive 32; }
server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    client_max_body_size 6m;
    location / {
        proxy_pass http://product;
        proxy_http_version 1.1;
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-Proto https;
        proxy_set_header X-Forwarded-For $remote_addr;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection $connection_upgrade;
        proxy_read_timeout 75s;
    }
}
map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
`,
  );
  const confFile = path.join(dir, 'nginx.conf');
  writeFileSync(confFile, mainConf(dir, siteFile));
  const proc = spawn('nginx', ['-p', dir, '-c', confFile, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // SIGTERM: the master stops its workers (killed with SIGKILL they outlive it, holding the bench's output open)
  const kill = () => proc.exitCode === null && proc.kill('SIGTERM');
  process.once('exit', kill);
  try {
    await waitForPort(port, 10000);
  } catch (err) {
    kill();
    throw new Error(`the TLS terminator did not start: ${err.message}`);
  }
  return {
    url: `https://127.0.0.1:${port}`,
    chromeFlags: [`--ignore-certificate-errors-spki-list=${spki}`],
    stop: () => {
      kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
