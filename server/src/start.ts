/**
 * The `npm start` composition as a function: one HTTP server with the API (/api, /storage), the
 * relay (/socket.io, forwarding to this same server's API) and the built client. index.ts calls it
 * and handles signals; tests call it on a free port with their own database and client folder.
 */
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { type Api, answerClientErrors, createApi, findRepoRoot, loadConfig } from '@agrivet/api';
import { attachRelay, socketsPerUser } from '@agrivet/relay';
import { httpServerTimeouts } from '@agrivet/shared';
import { composeApp } from './app';

export interface StartOptions {
  /** Settings (PORT, DATABASE_URL, STORAGE_DIR, REDIS_URL, …); default process.env. */
  env?: NodeJS.ProcessEnv;
  /** The built web client; default <repo>/client/dist. */
  clientDist?: string;
  /** The client's server-rendering build; default <repo>/client/dist-ssr/entry-server.js. */
  ssrEntry?: string;
  /** Interface to bind; default all (as `npm start`). Tests pass 127.0.0.1. */
  host?: string;
  logger?: Api['logger'];
}

export interface RunningServer {
  server: Server;
  /** The port actually bound (PORT=0 picks a free one). */
  port: number;
  /** The API's logger (the relay logs through a child of it). */
  logger: Api['logger'];
  /** Relay drains first (the API still serves its forwards), then the server stops and the database closes. */
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    const done = () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    };
    if (host) server.listen(port, host, done);
    else server.listen(port, done);
  });
}

/** Where this process reaches itself: the bound interface, or loopback when bound to all of them. */
const loopbackHost = (host: string | undefined) =>
  !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

/** Throws ConfigError (from @agrivet/api) for bad settings. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  // The relay forwards each client's address in X-Forwarded-For; the API trusts it from loopback only.
  const source = options.env ?? process.env;
  const env: NodeJS.ProcessEnv = { ...source, TRUST_PROXY: source.TRUST_PROXY ?? 'loopback' };
  const config = loadConfig(env);
  const timeouts = httpServerTimeouts(env); // RangeError for a bad HTTP_*_TIMEOUT_MS
  const api = await createApi(config, { logger: options.logger });
  const clientDist = options.clientDist ?? path.join(findRepoRoot(), 'client', 'dist');
  const ssrEntry = options.ssrEntry ?? path.join(findRepoRoot(), 'client', 'dist-ssr', 'entry-server.js');
  // The rendered pages read their data from this same server's API over loopback (render.ts).
  let boundPort = config.port;
  // The footer's number as the server renders it (client/src/config/env.ts reads it there).
  (globalThis as { __agrivetSupportPhone?: string }).__agrivetSupportPhone = config.supportPhone;
  // /api and /storage go to `api.app` itself (composeApp): the same app `npm run start:api` serves
  // slow or silent clients get 408 and are closed (shared/src/server-timeouts.ts, HTTP_*_TIMEOUT_MS)
  const server = createServer(
    timeouts,
    composeApp(api, clientDist, {
      supportPhone: config.supportPhone,
      pages: {
        ssrEntry,
        apiOrigin: () => `http://${loopbackHost(options.host)}:${boundPort}`,
        publicUrl: env.PUBLIC_URL || undefined,
        onError: (err, url) => api.logger.error({ err, url }, 'server rendering failed: the shell was sent'),
      },
    }),
  );
  // a request Node refuses before the app (a URL or headers over its limit …) gets the API's envelope
  answerClientErrors(server);
  let port: number;
  try {
    port = await listen(server, config.port, options.host);
    boundPort = port;
  } catch (err) {
    await api.close();
    throw err;
  }
  // RELAY=off: the API and the rendered pages only — the scaled deployment runs its relays apart
  // (docker-compose.yml: nginx sends /socket.io to them, pages and /api here).
  if (env.RELAY === 'off') {
    return running(server, port, api, async () => {});
  }
  // Attached once listening, so it forwards to the port actually bound.
  // The API's events reach the relay in process, or on Redis when REDIS_URL is set (never both).
  const relay = attachRelay(server, {
    apiUrl: `http://127.0.0.1:${port}/api`,
    redisUrl: env.REDIS_URL || undefined,
    events: api.events,
    maxSocketsPerUser: socketsPerUser(env.MAX_SOCKETS_PER_USER),
    logger: api.logger.child({ name: 'relay' }),
  });
  // sessions the API ends (logout, password change, disabled account, expiry) close their sockets at once
  const stopSessionEnds = api.sessions.subscribe((end) => relay.endSessions(end));
  try {
    await relay.ready;
  } catch (err) {
    stopSessionEnds();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await api.close();
    throw err;
  }
  return running(server, port, api, async () => {
    stopSessionEnds();
    await relay.close();
  });
}

/** The running server; `stopFirst` (the relay) is stopped before the HTTP server and the database. */
function running(server: Server, port: number, api: Api, stopFirst: () => Promise<void>): RunningServer {
  let closing: Promise<void> | null = null;
  const close = async () => {
    await stopFirst();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await api.close();
  };
  return {
    server,
    port,
    logger: api.logger,
    close: () => {
      closing ??= close();
      return closing;
    },
  };
}
