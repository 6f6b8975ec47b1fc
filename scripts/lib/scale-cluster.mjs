// The scaled deployment of docker-compose.yml with real local programs (STACK.md: Docker cannot
// run here): PostgreSQL, Redis, an S3-compatible server (s3rver, for compose's MinIO) whose one bucket
// every API instance keeps its files in, N API processes (server/dist/index.js with RELAY=off: the API
// and the rendered pages) and M relay processes (relay/dist/main.js) from the BUILT code, and nginx
// rendering deploy/nginx.conf.template. `storage: 'folder'` gives the instances one shared folder instead.
//   const c = await startScaleCluster();  c.url → the proxy;  c.apis[0].kill(); …;  await c.stop();
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, startNginx } from './nginx.mjs';
import { startPostgres } from './pg.mjs';
import { freePort } from './ports.mjs';
import { startRedis } from './redis.mjs';
import { startS3rver } from './s3rver.mjs';
import { createService } from './service-process.mjs';

export const DEFAULT_CLIENT_ROOT = path.join(REPO_ROOT, 'client', 'dist');

/** The built files the cluster needs that are missing (run `npm run build` first). */
export const missingBuild = (clientRoot = DEFAULT_CLIENT_ROOT) =>
  [
    path.join(REPO_ROOT, 'server/dist/index.js'),
    path.join(REPO_ROOT, 'relay/dist/main.js'),
    path.join(clientRoot, 'index.html'),
  ]
    .filter((f) => !existsSync(f))
    .map((f) => path.relative(REPO_ROOT, f));

/** Sockets one relay holds now, from its GET /health (`data.sockets`). */
export async function relaySockets(relay) {
  const res = await fetch(`${relay.url}/health`, { signal: AbortSignal.timeout(3000) });
  const body = await res.json();
  if (typeof body?.data?.sockets !== 'number') throw new Error(`${relay.name} /health has no socket count`);
  return body.data.sockets;
}

/**
 * @param {object} [o]
 * @param {number} [o.apis=2]
 * @param {number} [o.relays=2]
 * @param {Record<string,string>} [o.env]  extra environment for every API and relay process
 * @param {'s3'|'folder'} [o.storage='s3']  the files in one bucket (as docker-compose.yml), or one shared folder
 * @param {string} [o.clientRoot]  the built client nginx serves (default client/dist)
 * @param {(msg: string) => void} [o.log]
 */
export async function startScaleCluster(options = {}) {
  // A free port can be taken by another program between the probe and the listen (tests run in
  // parallel on this machine): start again on new ports then.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (err) {
      if (attempt >= 3 || !/EADDRINUSE|Address already in use/.test(err.message)) throw err;
      options.log?.(`a port was taken meanwhile; starting again (${err.message.split('\n')[0]})`);
    }
  }
}

async function startOnce({
  apis = 2,
  relays = 2,
  env = {},
  storage = 's3',
  clientRoot = DEFAULT_CLIENT_ROOT,
  log = () => {},
} = {}) {
  const missing = missingBuild(clientRoot);
  if (missing.length) throw new Error(`build first (npm run build): missing ${missing.join(', ')}`);

  const cleanups = [];
  // Idempotent: a second caller (a signal handler during the normal stop) waits for the first.
  let stopping = null;
  const stopAll = () => {
    stopping ??= (async () => {
      for (const fn of cleanups.splice(0).reverse()) {
        try {
          await fn();
        } catch (err) {
          log(`cleanup: ${err.message}`);
        }
      }
    })();
    return stopping;
  };
  // A crashed test must not leave processes behind.
  const onExit = () => {
    for (const s of services) if (s.pid) process.kill(s.pid, 'SIGKILL');
    const s3rverPid = s3?.pid();
    if (s3rverPid) process.kill(s3rverPid, 'SIGKILL');
  };
  const services = [];
  let s3 = null;
  process.once('exit', onExit);
  cleanups.push(async () => process.off('exit', onExit));

  try {
    const t0 = Date.now();
    const pg = await startPostgres();
    cleanups.push(pg.stop);
    const redis = await startRedis();
    cleanups.push(redis.stop);
    let storageDir = null;
    if (storage === 's3') {
      s3 = await startS3rver();
      cleanups.push(s3.stop);
    } else {
      storageDir = mkdtempSync(path.join(os.tmpdir(), 'agrivet-storage-'));
      cleanups.push(async () => rmSync(storageDir, { recursive: true, force: true }));
    }
    log(
      `postgres ${pg.url}, redis ${redis.url}, ${s3 ? `bucket ${s3.bucket} on s3rver ${s3.endpoint}` : `folder ${storageDir}`} (${Date.now() - t0} ms)`,
    );

    const apiPorts = [];
    for (let i = 0; i < apis; i++) apiPorts.push(await freePort());
    const relayPorts = [];
    for (let i = 0; i < relays; i++) relayPorts.push(await freePort());
    const proxyPort = await freePort();
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;

    const common = { LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env };
    const apiServices = apiPorts.map((port, i) =>
      createService({
        name: `api${i + 1}`,
        // As docker-compose.yml runs them: the API and the rendered pages, without a relay of its own.
        args: ['server/dist/index.js'],
        port,
        cwd: REPO_ROOT,
        readyUrl: `http://127.0.0.1:${port}/api/health`,
        // REDIS_URL as in docker-compose.yml: shared rate limits, session ends to every relay
        env: {
          DATABASE_URL: pg.url,
          ...(s3 ? s3.env : { STORAGE_DIR: storageDir }),
          TRUST_PROXY: 'loopback',
          REDIS_URL: redis.url,
          RELAY: 'off',
          ...common,
        },
      }),
    );
    const relayServices = relayPorts.map((port, i) =>
      createService({
        name: `relay${i + 1}`,
        args: ['relay/dist/main.js'],
        port,
        cwd: REPO_ROOT,
        readyUrl: `http://127.0.0.1:${port}/health`,
        // Writes go through the proxy, as in docker-compose.yml: a relay outlives one dead API.
        env: { API_URL: `${proxyUrl}/api`, REDIS_URL: redis.url, ...common },
      }),
    );
    services.push(...apiServices, ...relayServices);
    cleanups.push(async () => Promise.all(services.map((s) => s.stop())));

    // All API instances at once on the empty database: the migration must run exactly once.
    const t1 = Date.now();
    await Promise.all(apiServices.map((s) => s.start(60000)));
    log(`${apis} API instances up (${Date.now() - t1} ms)`);

    const nginx = await startNginx({
      port: proxyPort,
      apiPorts,
      relayPorts,
      clientRoot,
      supportPhone: env.SUPPORT_PHONE,
    });
    cleanups.push(nginx.stop);

    const t2 = Date.now();
    await Promise.all(relayServices.map((s) => s.start(30000)));
    log(`${relays} relay instances up, proxy ${proxyUrl} (${Date.now() - t2} ms)`);

    return {
      url: proxyUrl,
      pgUrl: pg.url,
      redisUrl: redis.url,
      /** The shared folder (storage: 'folder'), else null. */
      storageDir,
      /** The bucket's server (storage: 's3'), else null: endpoint, bucket, env, client(). */
      s3,
      apis: apiServices,
      relays: relayServices,
      nginx,
      /** Sockets each running relay holds (null for a stopped one), in relay order. */
      relaySocketCounts: () => Promise.all(relayServices.map((r) => (r.running ? relaySockets(r) : null))),
      /** Last output lines of every process, for a failure report. */
      output: () =>
        [
          ...services.map((s) => `--- ${s.name}\n${s.output()}`),
          ...(s3 ? [`--- s3rver\n${s3.output()}`] : []),
          `--- nginx error.log\n${nginx.errorLog()}`,
        ].join('\n'),
      stop: stopAll,
    };
  } catch (err) {
    const out = services.map((s) => `--- ${s.name}\n${s.output()}`).join('\n');
    await stopAll();
    if (out) err.message += `\n${out}`;
    throw err;
  }
}
