/**
 * The `npm start` composition as a function: one HTTP server with the API (/api, /storage), the
 * relay (/socket.io, forwarding to this same server's API) and the built client. index.ts calls it
 * and handles signals; tests call it on a free port with their own database and client folder.
 */
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { type Api, createApi, findRepoRoot, loadConfig } from '@agrivet/api';
import { attachRelay } from '@agrivet/relay';
import { composeApp } from './app';

export interface StartOptions {
  /** Settings (PORT, DATABASE_URL, STORAGE_DIR, REDIS_URL, …); default process.env. */
  env?: NodeJS.ProcessEnv;
  /** The built web client; default <repo>/client/dist. */
  clientDist?: string;
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

/** Throws ConfigError (from @agrivet/api) for bad settings. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  // The relay forwards each client's address in X-Forwarded-For; the API trusts it from loopback only.
  const source = options.env ?? process.env;
  const env: NodeJS.ProcessEnv = { ...source, TRUST_PROXY: source.TRUST_PROXY ?? 'loopback' };
  const config = loadConfig(env);
  const api = await createApi(config, { logger: options.logger });
  const clientDist = options.clientDist ?? path.join(findRepoRoot(), 'client', 'dist');
  // /api and /storage go to `api.app` itself (composeApp): the same app `npm run start:api` serves
  const server = createServer(composeApp(api, clientDist, { supportPhone: config.supportPhone }));
  server.keepAliveTimeout = 65_000;
  let port: number;
  try {
    port = await listen(server, config.port, options.host);
  } catch (err) {
    await api.close();
    throw err;
  }
  // Attached once listening, so it forwards to the port actually bound.
  const relay = attachRelay(server, {
    apiUrl: `http://127.0.0.1:${port}/api`,
    redisUrl: env.REDIS_URL || undefined,
    logger: api.logger.child({ name: 'relay' }),
  });
  try {
    await relay.ready;
  } catch (err) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await api.close();
    throw err;
  }

  let closing: Promise<void> | null = null;
  const close = async () => {
    await relay.close();
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
