// Static checks of the Docker deployment files (Docker cannot run on the test machines, STACK.md):
// docker-compose.yml parsed as YAML and held to CONTRACT.md §1 and docs/deploy.md, the Dockerfile's
// targets, .env.example and the nginx template's variables.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { NGINX_TEMPLATE, nginxConfigProblem, REPO_ROOT, renderTemplate, templateVariables } from './nginx.mjs';
import { pgBinDir } from './os-deps.mjs';

const PYTHON_YAML_TO_JSON = 'import sys, json, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)';

/** Parses a YAML file with PyYAML (Debian's python3-yaml, installed when missing and root). */
export function readYaml(file) {
  const python = ['/usr/bin/python3', 'python3'].find((p) => spawnSync(p, ['-c', 'import yaml']).status === 0);
  if (!python) {
    const cmd = 'apt-get install -y python3-yaml';
    if (process.getuid?.() !== 0) throw new Error(`a YAML parser is needed: sudo apt-get update && sudo ${cmd}`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'python3-yaml'], {
      stdio: 'inherit',
      env,
    });
    return readYaml(file);
  }
  return JSON.parse(execFileSync(python, ['-c', PYTHON_YAML_TO_JSON, file], { encoding: 'utf8' }));
}

const EXPECTED_SERVICES = ['api1', 'api2', 'minio', 'minio-init', 'nginx', 'postgres', 'redis', 'relay1', 'relay2'];
/** Services that run once and exit (no healthcheck; restarted only on failure). */
const ONE_SHOT = new Set(['minio-init']);
const SECRET_NAME = /PASSWORD|SECRET|TOKEN|KEY/;

/** Compose's own interpolation of a value: `${NAME:-default}` / `${NAME-default}` with an unset .env. */
const interpolate = (value) =>
  typeof value === 'string'
    ? value.replace(/\$\{[A-Za-z_][A-Za-z0-9_]*:?-([^}]*)\}/g, (_, fallback) => fallback)
    : value;

const envOf = (service) =>
  Array.isArray(service.environment)
    ? Object.fromEntries(service.environment.map((kv) => [kv.split('=')[0], kv.split('=').slice(1).join('=')]))
    : (service.environment ?? {});

const healthyOn = (service, dep) => service.depends_on?.[dep]?.condition === 'service_healthy';
const completedOn = (service, dep) => service.depends_on?.[dep]?.condition === 'service_completed_successfully';
const dependsOn = (service) =>
  Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {});
/** Every service `name` waits for, directly or through another (compose starts them first). */
function dependsOnAll(services, name, seen = new Set()) {
  for (const dep of dependsOn(services[name] ?? {})) {
    if (!seen.has(dep)) {
      seen.add(dep);
      dependsOnAll(services, dep, seen);
    }
  }
  return [...seen].sort();
}

/** The PostgreSQL major the tests run (the local cluster of scripts/lib/pg.mjs), or null. */
function testedPostgresMajor() {
  try {
    return pgBinDir().match(/postgresql\/(\d+)\//)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** Values of NAME=value lines of an env file (comments and blank lines skipped). */
const envFileValues = (text) =>
  Object.fromEntries(
    text
      .split('\n')
      .map((l) => l.match(/^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/))
      .filter(Boolean)
      .map((m) => [m[1], m[2].trim()]),
  );
const healthTest = (service) => [service.healthcheck?.test ?? []].flat().join(' ');

/**
 * The template as the nginx image's entrypoint renders it: envsubst limited to the names of every
 * variable set in the container (here: ours plus the compose values). Null without envsubst.
 */
function imageRendering(vars) {
  const env = { ...process.env, ...Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, String(v)])) };
  const names = Object.keys(env)
    .filter((k) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(k))
    .map((k) => `\${${k}}`)
    .join(' ');
  const r = spawnSync('envsubst', [names], { input: readFileSync(NGINX_TEMPLATE, 'utf8'), encoding: 'utf8', env });
  return r.status === 0 && !r.error ? r.stdout : null;
}

/** Problems found in the deployment files; an empty list means they hold together. */
export function checkComposeFiles(root = REPO_ROOT) {
  const problems = [];
  const expect = (ok, message) => {
    if (!ok) problems.push(message);
  };
  const compose = readYaml(path.join(root, 'docker-compose.yml'));
  const composeText = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
  const dockerfile = readFileSync(path.join(root, 'docker', 'Dockerfile'), 'utf8');
  const envExample = readFileSync(path.join(root, '.env.example'), 'utf8');
  const services = compose.services ?? {};

  expect(
    JSON.stringify(Object.keys(services).sort()) === JSON.stringify(EXPECTED_SERVICES),
    `services are ${Object.keys(services).sort().join(', ')}; expected ${EXPECTED_SERVICES.join(', ')}`,
  );
  for (const [name, service] of Object.entries(services)) {
    if (ONE_SHOT.has(name)) {
      expect(service.restart === 'on-failure', `${name}: runs once, so restart: on-failure (got ${service.restart})`);
    } else {
      expect(['always', 'unless-stopped', 'on-failure'].includes(service.restart), `${name}: no restart policy`);
      expect(healthTest(service) !== '', `${name}: no healthcheck`);
    }
    for (const [key, value] of Object.entries(envOf(service))) {
      if (SECRET_NAME.test(key)) expect(String(value).includes('${'), `${name}: ${key} is written in the file`);
    }
    if (service.build) {
      const target = service.build.target;
      expect(
        new RegExp(`^FROM \\S+ AS ${target}$`, 'm').test(dockerfile),
        `${name}: Dockerfile has no target ${target}`,
      );
      expect(service.build.dockerfile === 'docker/Dockerfile', `${name}: builds from ${service.build.dockerfile}`);
    }
  }

  const { postgres = {}, redis = {}, nginx = {}, minio = {} } = services;
  const minioInit = services['minio-init'] ?? {};
  const testedMajor = testedPostgresMajor();
  const composeMajor = (postgres.image ?? '').match(/^postgres:(\d+)\b/)?.[1];
  expect(
    testedMajor ? composeMajor === testedMajor : /^1[56]$/.test(composeMajor ?? ''),
    `postgres image is ${postgres.image}; the tests run PostgreSQL ${testedMajor ?? '15 or 16'}`,
  );
  expect(/pg_isready/.test(healthTest(postgres)), 'postgres healthcheck does not use pg_isready');
  expect(
    (postgres.volumes ?? []).some((v) => String(v).endsWith(':/var/lib/postgresql/data')),
    'postgres: no volume',
  );
  expect(/redis-cli.*ping/.test(healthTest(redis)), 'redis healthcheck does not ping');

  // The object store (CONTRACT.md §9): MinIO on a volume, its bucket and the APIs' account made by
  // minio-init before any API starts. MinIO's community images left Docker Hub: its own registry, pinned.
  expect(
    /^quay\.io\/minio\/minio:RELEASE\.\d{4}-\d\d-\d\dT[\d-]+Z$/.test(minio.image ?? ''),
    `minio: image ${minio.image} is not a pinned quay.io/minio/minio release`,
  );
  expect(/^quay\.io\/minio\/mc:RELEASE\./.test(minioInit.image ?? ''), `minio-init: image ${minioInit.image}`);
  expect(/\bmc ready\b/.test(healthTest(minio)), 'minio healthcheck does not use mc ready');
  expect(
    (minio.volumes ?? []).some((v) => String(v).endsWith(':/data')) &&
      [minio.command ?? []].flat().join(' ') === 'server /data',
    'minio: its data (/data) is not on a volume',
  );
  expect(healthyOn(minioInit, 'minio'), 'minio-init: does not wait for a healthy minio');
  const initScript = [minioInit.entrypoint ?? [], minioInit.command ?? []].flat().join(' ');
  const minioEnv = envOf(minio);
  const initEnv = envOf(minioInit);
  for (const key of ['MINIO_ROOT_USER', 'MINIO_ROOT_PASSWORD']) {
    expect(initEnv[key] === minioEnv[key], `minio-init: ${key} differs from minio's`);
  }
  expect(
    /mc mb --ignore-existing "store\/\$\$S3_BUCKET"/.test(initScript),
    'minio-init: does not create the bucket (mc mb --ignore-existing)',
  );
  expect(
    /mc admin user add store "\$\$S3_ACCESS_KEY_ID" "\$\$S3_SECRET_ACCESS_KEY"/.test(initScript) &&
      /mc admin policy attach store readwrite --user "\$\$S3_ACCESS_KEY_ID"/.test(initScript),
    "minio-init: does not give the APIs' key pair its account",
  );
  expect(/-e/.test(String(minioInit.entrypoint ?? '')), 'minio-init: a failing step does not fail the service (sh -e)');

  for (const name of ['api1', 'api2']) {
    const api = services[name] ?? {};
    const env = envOf(api);
    expect(/^postgres:\/\//.test(env.DATABASE_URL ?? ''), `${name}: DATABASE_URL is not postgres://`);
    expect(
      (env.DATABASE_URL ?? '').includes('${POSTGRES_PASSWORD'),
      `${name}: DATABASE_URL does not take the password from .env`,
    );
    // every file in the one bucket: no folder of its own that the other instance cannot see
    expect(!env.STORAGE_DIR && !(api.volumes ?? []).length, `${name}: keeps files in a folder (STORAGE_DIR, a volume)`);
    expect(
      interpolate(env.S3_BUCKET) === interpolate(initEnv.S3_BUCKET),
      `${name}: S3_BUCKET is not minio-init's bucket`,
    );
    expect(interpolate(env.S3_ENDPOINT) === 'http://minio:9000', `${name}: S3_ENDPOINT is not MinIO by default`);
    expect(interpolate(env.S3_FORCE_PATH_STYLE) === 'true', `${name}: MinIO needs path-style addressing`);
    for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      expect(
        String(env[key] ?? '').includes(`\${${key}:?`) && env[key] === initEnv[key],
        `${name}: ${key} is not the .env value minio-init gives its account`,
      );
    }
    expect(completedOn(api, 'minio-init'), `${name}: does not wait for minio-init (the bucket) to complete`);
    expect(healthyOn(api, 'postgres'), `${name}: does not wait for a healthy postgres`);
    expect(/\/api\/health/.test(healthTest(api)), `${name}: healthcheck is not GET /api/health`);
  }
  for (const name of ['relay1', 'relay2']) {
    const relay = services[name] ?? {};
    const env = envOf(relay);
    expect(/^https?:\/\/.+\/api$/.test(env.API_URL ?? ''), `${name}: API_URL ${env.API_URL} is not an API base …/api`);
    expect(/^redis:\/\//.test(env.REDIS_URL ?? ''), `${name}: REDIS_URL is not redis://`);
    expect(healthyOn(relay, 'redis'), `${name}: does not wait for a healthy redis`);
    // A relay starts without the API (it answers 'unavailable' until one does): an unhealthy API
    // instance must not keep the relays down.
    const waits = dependsOnAll(services, name);
    expect(waits.join() === 'redis', `${name}: waits for ${waits.join(', ')}; a relay needs only redis to start`);
    // GET /health answers 503 when the relay cannot serve: the check must look at the status.
    expect(/\/health\b/.test(healthTest(relay)), `${name}: healthcheck is not GET /health`);
    expect(/r\.ok|status\s*===?\s*200/.test(healthTest(relay)), `${name}: healthcheck ignores the HTTP status`);
  }

  // As compose hands them to the container when .env leaves the defaults.
  const nginxEnv = Object.fromEntries(Object.entries(envOf(nginx)).map(([k, v]) => [k, interpolate(v)]));
  // The template rendered with the compose values must be a valid nginx configuration. The local
  // nginx (Debian's 1.22) knows neither the `resolve` parameter (1.27.3+) nor the service names.
  const localised = Object.fromEntries(
    Object.entries(nginxEnv).map(([k, v]) => [
      k,
      String(v)
        .replace(/ resolve\b/g, '')
        .replace(/\b(api|relay)\d+:/g, '127.0.0.1:'),
    ]),
  );
  if (templateVariables(readFileSync(NGINX_TEMPLATE, 'utf8')).every((v) => v in localised)) {
    const problem = nginxConfigProblem(localised);
    expect(problem === null, `nginx -t of the template with the compose values: ${problem}`);
    const image = imageRendering(nginxEnv);
    if (image !== null) {
      const ours = renderTemplate(readFileSync(NGINX_TEMPLATE, 'utf8'), nginxEnv);
      expect(image === ours, 'the nginx image (envsubst of every set variable) renders the template differently');
    }
  }
  for (const variable of templateVariables(readFileSync(NGINX_TEMPLATE, 'utf8'))) {
    expect(variable in nginxEnv, `nginx: template variable ${variable} is not set`);
  }
  for (const [variable, names] of [
    ['API_UPSTREAMS', ['api1', 'api2']],
    ['RELAY_UPSTREAMS', ['relay1', 'relay2']],
  ]) {
    for (const n of names)
      expect(String(nginxEnv[variable] ?? '').includes(`server ${n}:`), `nginx: ${variable} lacks ${n}`);
  }
  expect(
    (nginx.ports ?? []).some((p) => String(typeof p === 'object' ? p.target : p).endsWith('8080')),
    'nginx: port 8080 is not published',
  );
  // nginx waits for nothing, not even through another service (one unhealthy API, or PostgreSQL,
  // must not keep the site down), so every upstream server is resolved at run time: `resolve`
  // with a resolver.
  const nginxWaits = dependsOnAll(services, 'nginx');
  expect(nginxWaits.length === 0, `nginx: waits for ${nginxWaits.join(', ')} (depends_on); it needs nothing to start`);
  for (const variable of ['API_UPSTREAMS', 'RELAY_UPSTREAMS']) {
    const servers = String(nginxEnv[variable] ?? '')
      .split(';')
      .filter((l) => /\bserver\b/.test(l));
    expect(
      servers.length > 0 && servers.every((l) => /\bresolve\b/.test(l)),
      `nginx: every server of ${variable} must be marked resolve (nginx starts before the instances)`,
    );
  }
  expect(/^resolver\s+\S+/.test(String(nginxEnv.NGINX_RESOLVER ?? '')), 'nginx: no resolver for `resolve`');

  // Every ${VAR} the compose file reads is documented in .env.example.
  const used = new Set([...composeText.matchAll(/\$\{([A-Z_][A-Z0-9_]*)/g)].map((m) => m[1]));
  for (const variable of used) {
    expect(new RegExp(`^${variable}=`, 'm').test(envExample), `.env.example does not document ${variable}`);
  }
  for (const volume of ['pgdata', 'media']) {
    expect(Object.hasOwn(compose.volumes ?? {}, volume), `compose: volume ${volume} is not declared`);
  }
  // Secrets: compose refuses to start without them (`${NAME:?…}`), and .env.example leaves them
  // empty, so `cp .env.example .env && docker compose up` stops instead of running with a
  // published password.
  const exampleValues = envFileValues(envExample);
  const required = new Set([...composeText.matchAll(/\$\{([A-Z_][A-Z0-9_]*):\?/g)].map((m) => m[1]));
  for (const variable of used) {
    if (SECRET_NAME.test(variable))
      expect(required.has(variable), `compose: ${variable} has no \${${variable}:?…} guard`);
  }
  for (const variable of required) {
    expect(exampleValues[variable] === '', `.env.example fills the required ${variable}; leave it empty`);
  }
  // Demo data (and its demo accounts) only when asked for.
  for (const name of ['api1', 'api2']) {
    const seed = interpolate(envOf(services[name] ?? {}).SEED_DEMO ?? 'unset');
    expect(seed === 'false', `${name}: SEED_DEMO defaults to ${seed}; expected false`);
  }
  expect(exampleValues.SEED_DEMO === 'false', `.env.example: SEED_DEMO=${exampleValues.SEED_DEMO}; expected false`);

  expect(
    /^FROM node:20-bookworm-slim|^ARG NODE_IMAGE=node:20-bookworm-slim$/m.test(dockerfile),
    'Dockerfile: not node:20-bookworm-slim',
  );
  expect(/RUN npm ci\b/.test(dockerfile), 'Dockerfile: the build does not use npm ci');
  // the nginx image's 1,024 connections a worker hold ~500 websockets: far from 10,000 farmers
  expect(
    /worker_connections 16384;/.test(dockerfile) && /worker_rlimit_nofile \d+;/.test(dockerfile),
    "Dockerfile: the web image keeps nginx's 1,024 connections a worker",
  );
  // npm ci needs every workspace's package.json before the sources are copied.
  const { workspaces = [] } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  for (const ws of workspaces) {
    expect(dockerfile.includes(`COPY ${ws}/package.json ${ws}/`), `Dockerfile: workspace ${ws} has no manifest COPY`);
  }
  expect(
    (dockerfile.match(/^USER node$/gm) ?? []).length >= 2,
    'Dockerfile: api and relay do not run as the node user',
  );
  expect(/--omit=dev/.test(dockerfile), 'Dockerfile: runtime dependencies include dev dependencies');
  const dockerignore = existsSync(path.join(root, '.dockerignore'))
    ? readFileSync(path.join(root, '.dockerignore'), 'utf8')
    : '';
  expect(
    /node_modules/.test(dockerignore) && /^\.env$/m.test(dockerignore),
    '.dockerignore must exclude node_modules and .env',
  );
  return problems;
}

/** `docker compose config` where the compose plugin exists (never on the test machines). */
export function dockerComposeConfig(root = REPO_ROOT) {
  const probe = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  if (probe.status !== 0) return { ran: false };
  const config = (env) =>
    spawnSync('docker', ['compose', '--env-file', '.env.example', 'config', '-q'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, POSTGRES_PASSWORD: '', ADMIN_PASSWORD: '', ...env },
    });
  // .env.example as copied: refused (empty passwords); with the passwords set: valid.
  const unset = config({});
  const set = config({ POSTGRES_PASSWORD: 'compose-check-1', ADMIN_PASSWORD: 'compose-check-2' });
  const output = `${set.stdout}${set.stderr}`;
  if (unset.status === 0) return { ran: true, ok: false, output: 'accepted .env.example with empty passwords' };
  return { ran: true, ok: set.status === 0, output };
}
