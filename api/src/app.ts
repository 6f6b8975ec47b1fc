/**
 * The API as an Express app: `createApi(config)` opens and migrates the database (seeding a new
 * one), and returns the app; `main.ts` listens, tests use supertest, server/ mounts it.
 */
import { mkdirSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
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
import { loadUser } from './http/auth';
import { errorHandler } from './http/error-handler';
import { type LaneMiddleware, type LeanLaneOptions, leanLane } from './http/lean-lane';
import { ResponseCache } from './http/response-cache';
import { ImageStore } from './images/image-store';
import { apiRoutes } from './routes';
import { messageCreate } from './routes/messages';

export interface Api {
  app: Express;
  /**
   * The API's request listener: the response cache and the lean lane in front of `app`. Servers use
   * this (or `wrap(...)` around an app that mounts `app`); tests may call `app` directly.
   */
  handler: RequestListener;
  /** Puts the response cache and the lean lane (http/lean-lane.ts) in front of `next`. */
  wrap(next: RequestListener): RequestListener;
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
  // Instances the Express app mounts and the lean lane runs for its calls (the same objects, in the same order).
  const securityHeaders = helmet({
    // The API answers JSON and images only; the client (served by server/) sets its own CSP.
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  const requestLog: RequestHandler = logger.isLevelEnabled('info')
    ? pinoHttp({
        logger,
        autoLogging: { ignore: (req) => req.url === '/api/health' },
        customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
        serializers: { req: withoutSecrets },
      })
    : // No request lines at this level: skip pino-http's per-request child logger (~5 % of a small
      // request's CPU) and keep `req.log` for the error handler's unhandled-error line.
      (req, _res, next) => {
        req.log = logger;
        next();
      };
  // JSON answers over 1 KB go out gzip/Brotli-compressed (pages of stores, conversations …): weak links.
  const compress = compression({ threshold: 1024 });
  const jsonBody = express.json({ limit: '256kb' });
  const caller = loadUser(ctx.db);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', false);
  app.use(securityHeaders);
  app.use(requestLog);
  app.use('/storage', express.static(config.storageDir, { immutable: true, maxAge: '1y', index: false }));
  // a missing image is a 404 here, never a fall-through to whatever is mounted after the API
  app.use('/storage', (_req, res) => {
    res.status(404).end();
  });
  app.use('/api', compress);
  app.use('/api', jsonBody, express.urlencoded({ extended: false, limit: '256kb' }));
  app.use('/api', caller, apiRoutes(ctx));
  app.use(errorHandler);

  const lean: LeanLaneOptions = {
    calls: { 'POST /api/message/create': messageCreate(ctx) },
    middleware: [securityHeaders, requestLog, compress, jsonBody, caller] as LaneMiddleware[],
    logger,
  };
  const wrap = (next: RequestListener) => responseCache.wrap(leanLane(lean, next));

  return {
    app,
    handler: wrap(app),
    wrap,
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
