/**
 * The API as an Express app: `createApi(config)` opens and migrates the database (seeding a new
 * one), and returns the app; `main.ts` listens, tests use supertest, server/ mounts it.
 */
import { mkdirSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import compression from 'compression';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { type Kysely, sql } from 'kysely';
import { type Logger, pino } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Config } from './config';
import type { AppContext } from './context';
import { createDb, type Dialect } from './db/create-db';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed/seed-demo';
import type { Database } from './db/types';
import { startWriteFeed, type WriteFeed } from './db/write-feed';
import { errorHandler } from './http/error-handler';
import { ResponseCache } from './http/response-cache';
import { ImageStore } from './images/image-store';
import { apiRoutes } from './routes';

export interface Api {
  app: Express;
  /**
   * The API's request listener: the response cache in front of `app`. Servers use this (or
   * `responseCache.wrap(...)` around an app that mounts `app`); tests may call `app` directly.
   */
  handler: RequestListener;
  responseCache: ResponseCache;
  db: Kysely<Database>;
  dialect: Dialect;
  images: ImageStore;
  logger: Logger;
  /** Closes the database (call after the HTTP server stopped). */
  close(): Promise<void>;
}

/** Request log lines never carry bearer tokens or cookies. */
function withoutSecrets(req: { headers?: Record<string, unknown> }) {
  if (!req.headers) return req;
  const headers = { ...req.headers };
  for (const name of ['authorization', 'cookie']) if (headers[name]) headers[name] = '[redacted]';
  return { ...req, headers };
}

async function hasUsers(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export interface CreateApiOptions {
  logger?: Logger;
}

export async function createApi(config: Config, options: CreateApiOptions = {}): Promise<Api> {
  const logger = options.logger ?? pino({ level: config.logLevel });
  const database = createDb(config.database);
  mkdirSync(config.storageDir, { recursive: true });
  const images = new ImageStore(config.storageDir);
  try {
    // A new database is one without users, whatever the migration state: a start that migrated and
    // then crashed while seeding (the seed is one transaction) seeds on the next start. A database
    // with any user is never touched. On PostgreSQL this runs under the migration lock.
    await migrate(database, async () => {
      if (config.seedDemo && !(await hasUsers(database.kysely))) {
        await seedDemo(database.kysely, images, config);
        logger.info('demo data loaded into the new database');
      }
    });
  } catch (err) {
    await database.close();
    throw err;
  }

  const ctx: AppContext = { db: database.kysely, dialect: database.dialect, images, config };
  // Several API processes share a PostgreSQL database: each write is announced to the others.
  let feed: WriteFeed | null = null;
  const responseCache = new ResponseCache({ ttlMs: config.responseCacheMs, onWrite: () => feed?.announce() });
  if (config.database.kind === 'postgres' && config.responseCacheMs > 0) {
    feed = startWriteFeed({
      url: config.database.url,
      onPeerWrite: () => responseCache.invalidate(),
      onHeard: (heard) => responseCache.setPeersHeard(heard),
      notify: (channel, payload) => sql`select pg_notify(${channel}, ${payload})`.execute(database.kysely),
      logger,
    });
  }
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', false);
  app.use(
    helmet({
      // The API answers JSON and images only; the client (served by server/) sets its own CSP.
      contentSecurityPolicy: false,
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    }),
  );
  if (logger.isLevelEnabled('info')) {
    app.use(
      pinoHttp({
        logger,
        autoLogging: { ignore: (req) => req.url === '/api/health' },
        customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
        serializers: { req: withoutSecrets },
      }),
    );
  } else {
    // No request lines at this level: skip pino-http's per-request child logger (~5 % of a small
    // request's CPU) and keep `req.log` for the error handler's unhandled-error line.
    app.use((req, _res, next) => {
      req.log = logger;
      next();
    });
  }
  app.use('/storage', express.static(config.storageDir, { immutable: true, maxAge: '1y', index: false }));
  // a missing image is a 404 here, never a fall-through to whatever is mounted after the API
  app.use('/storage', (_req, res) => {
    res.status(404).end();
  });
  // JSON answers over 1 KB go out gzip/Brotli-compressed (pages of stores, conversations …): weak links.
  app.use('/api', compression({ threshold: 1024 }));
  app.use('/api', express.json({ limit: '256kb' }), express.urlencoded({ extended: false, limit: '256kb' }));
  app.use('/api', apiRoutes(ctx));
  app.use(errorHandler);

  return {
    app,
    handler: responseCache.wrap(app),
    responseCache,
    db: database.kysely,
    dialect: database.dialect,
    images,
    logger,
    close: async () => {
      await feed?.close();
      await database.close();
    },
  };
}
