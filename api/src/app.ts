/**
 * The API as an Express app: `createApi(config)` opens and migrates the database (seeding a new
 * one), and returns the app. It is the one request path: `main.ts` listens with it, server/ mounts
 * it under its own app, and the tests send their requests to it (supertest) — nothing sits in
 * front of it.
 */
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { Kysely } from 'kysely';
import { type Logger, pino } from 'pino';
import { pinoHttp } from 'pino-http';
import { connectRedis, type RedisLink } from './auth/redis-link';
import { createSessionEnds, type SessionEnds } from './auth/session-ends';
import { createEventBus, type EventBus } from './events/bus';
import type { Config } from './config';
import type { AppContext } from './context';
import { createDb, type Dialect } from './db/create-db';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed/seed-demo';
import type { Database } from './db/types';
import { loadUser } from './http/auth';
import { errorHandler } from './http/error-handler';
import { hstsOverHttps } from './http/hsts';
import { createRateLimits, limitWrites } from './http/rate-limit';
import { BODY_MAX_BYTES } from './http/upload';
import { refuseControlCharactersInUrl } from './http/validate';
import { ImageStore } from './images/image-store';
import { apiRoutes } from './routes';
import { type ChatServices, startChatServices } from './services/chat';
import { startSubscriptionSweep, type SubscriptionSweep } from './services/subscriptions';
import { createStorage, type FileStorage } from './storage';
import { serveStorage } from './storage/serve';

export interface Api {
  /** The whole API: `createServer(api.app)`, or mounted by another Express app (server/). */
  app: Express;
  /** The same function as `app` (a request listener), for servers that only need a listener. */
  handler: Express;
  db: Kysely<Database>;
  dialect: Dialect;
  images: ImageStore;
  /** Where every stored file lives: the folder STORAGE_DIR or the bucket S3_BUCKET (storage/). */
  storage: FileStorage;
  logger: Logger;
  /** Chat media, push and the sweep of unused uploads (services/chat.ts). */
  chat: ChatServices;
  /** Sessions this API ends (logout, password change, disabled account, expiry): the relay listens. */
  sessions: SessionEnds;
  /** Domain events after commit (events/bus.ts): the relay of `npm start` subscribes. */
  events: EventBus;
  /** Subscription statuses and reminders, every minute (services/subscriptions.ts); tests call run(). */
  subscriptions: SubscriptionSweep;
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
  // the folder or the bucket, reachable before anything is stored (a bucket that is not there stops the start)
  const storage = createStorage(config);
  await storage.open().catch((err: unknown) => {
    storage.close();
    throw err;
  });
  logger.info({ storage: storage.location }, 'stored files');
  const database = createDb(config.database);
  const images = new ImageStore(storage);
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
    storage.close();
    throw err;
  }
  const chat = await startChatServices(database.kysely, images, config, logger).catch(async (err: unknown) => {
    await database.close();
    storage.close();
    throw err;
  });
  // REDIS_URL: rate limits shared by the API instances, session ends heard by every relay
  const redis: RedisLink | undefined = config.redisUrl ? await connectRedis(config.redisUrl, logger) : undefined;
  const sessions = createSessionEnds(redis?.client, logger);
  const events = createEventBus(redis?.client, logger);
  const limits = createRateLimits({ redis: redis?.client, rules: config.rateLimits, logger });

  const ctx: AppContext = {
    db: database.kysely,
    dialect: database.dialect,
    images,
    config,
    media: chat.media,
    push: chat.push,
    limits,
    sessions,
    events,
  };
  const subscriptions = startSubscriptionSweep(database.kysely, chat.push, config, logger);
  void subscriptions.run();
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

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', false);
  app.use(
    helmet({
      // The API answers JSON and images only; the client (served by server/) sets its own CSP.
      contentSecurityPolicy: false,
      frameguard: { action: 'deny' },
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      // only over HTTPS (http/hsts.ts), as the pages
      strictTransportSecurity: false,
    }),
    hstsOverHttps,
  );
  app.use(requestLog);
  // chat images and voice notes only with a valid signature, Cache-Control private; public images cached
  // for a year; anything else 404, never a fall-through to whatever is mounted after the API (storage/serve.ts)
  app.use('/storage', serveStorage(storage, chat.media));
  // JSON answers over 1 KB go out gzip/Brotli-compressed (pages of stores, conversations …): weak links.
  // Reads only: a write answers one object (the message, the order …), well under 1 KB, and wrapping
  // each write's response for nothing was part of message/create's CPU (issue 25 item 3).
  const compress = compression({ threshold: 1024 });
  app.use('/api', (req, res, next) =>
    req.method === 'GET' || req.method === 'HEAD' ? compress(req, res, next) : next(),
  );
  app.use(
    '/api',
    express.json({ limit: BODY_MAX_BYTES }),
    express.urlencoded({ extended: false, limit: BODY_MAX_BYTES }),
  );
  // NUL / control characters in a query value or an id: 422 before any route (CONTRACT.md §7 "Text")
  // writes limited per user after the token lookup (http/rate-limit.ts)
  app.use('/api', refuseControlCharactersInUrl, loadUser(ctx), limitWrites(limits), apiRoutes(ctx));
  app.use(errorHandler);

  return {
    app,
    handler: app,
    db: database.kysely,
    dialect: database.dialect,
    images,
    storage,
    logger,
    chat,
    sessions,
    events,
    subscriptions,
    close: async () => {
      await subscriptions.stop();
      await chat.close();
      await redis?.close();
      await database.close();
      storage.close();
    },
  };
}
