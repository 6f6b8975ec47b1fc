/**
 * The live relay (CONTRACT.md §4, §8), a thin service: it authenticates sockets through the API
 * (auth.ts), joins the rooms the server chooses, forwards each socket write to the REST API with the
 * caller's own token and answers the ack with the API's envelope (forward.ts), and fans the API's
 * events out to its own sockets (events.ts). It holds no database, no business rules and makes no
 * pushes of its own, except `typing`. Limits: sockets per account (socket-cap.ts), failed
 * handshakes per address and typing per user (rate-limit.ts).
 *
 *   const relay = attachRelay(httpServer, { apiUrl: 'http://127.0.0.1:8080/api', events: api.events });
 *   await relay.close(); // lets events in flight finish, then closes every connection
 */
import type { Server as HttpServer } from 'node:http';
import { type ApiEvent, LIMITS, type SessionEnd, SOCKET_PATH, sessionRoom } from '@agrivet/shared';
import pino, { type Logger } from 'pino';
import { Server } from 'socket.io';
import { createApiClient } from './api-client';
import { authenticate, forwardedForOf, roomsOf, type SocketTokens } from './auth';
import { deliverHere, listenForEvents } from './events';
import { registerEvents } from './forward';
import { InFlight } from './in-flight';
import {
  createEventLimiter,
  createFailureLimiter,
  HANDSHAKE_FAILURE_LIMIT,
  type LimitRule,
  TYPING_LIMIT,
} from './rate-limit';
import { type RedisLink, useRedisAdapter } from './redis';
import { createRevalidation, endSessionsHere, listenForSessionEnds } from './sessions';
import { DEFAULT_SOCKETS_PER_USER, enforceSocketCap } from './socket-cap';
import type { RelayServer } from './types';

export interface RelayOptions {
  /** Base URL of the REST API, e.g. http://127.0.0.1:8080/api */
  apiUrl: string;
  /**
   * Set: rooms are shared with other relay instances through Redis, and the API's events come from
   * its channel (every API instance's, once each) — `events` is then not listened to.
   */
  redisUrl?: string;
  /** The API's event bus in this process (`npm start`, tests), listened to when there is no Redis. */
  events?: { subscribe(listener: (event: ApiEvent) => void): () => void };
  logger?: Logger;
  /** How long close() waits for events in flight — forwards, acks (ms). */
  drainTimeoutMs?: number;
  /**
   * Each socket's token is re-checked through GET auth/user this often (±20 %), so a revoked
   * session that only listens is disconnected too (ms, default 5 minutes; 0 = never).
   */
  revalidateIntervalMs?: number;
  /** Typing events allowed per user (default TYPING_LIMIT: 20 in 10 s); tests pass smaller ones. */
  typingLimit?: LimitRule;
  /** Failed handshakes allowed per client address (default HANDSHAKE_FAILURE_LIMIT: 30 a minute). */
  handshakeFailureLimit?: LimitRule;
  /** Sockets one account may have open on all relays together (default 10); the oldest go. */
  maxSocketsPerUser?: number;
}

export interface Relay {
  io: RelayServer;
  /** Resolves when the relay is ready to serve (Redis connected and subscribed, when used). */
  ready: Promise<void>;
  /** The Redis adapter's state; undefined when REDIS_URL is not used. */
  redisState(): { ready: boolean; reason?: string } | undefined;
  /**
   * A session the API ended (api/src/auth/session-ends.ts): this relay's sockets of it disconnect.
   * `npm start` calls it in process; with REDIS_URL every relay also hears it on its own.
   */
  endSessions(end: SessionEnd): void;
  close(): Promise<void>;
}

export function attachRelay(httpServer: HttpServer, options: RelayOptions): Relay {
  const logger = options.logger ?? pino({ name: 'relay', level: process.env.LOG_LEVEL ?? 'info' });
  const api = createApiClient(options.apiUrl);
  const inFlight = new InFlight();
  const revalidation = createRevalidation(api, options.revalidateIntervalMs ?? 5 * 60_000, logger);
  const socketCap = options.maxSocketsPerUser ?? DEFAULT_SOCKETS_PER_USER;
  let closing = false;
  const isClosing = () => closing;

  const io: RelayServer = new Server(httpServer, {
    path: SOCKET_PATH,
    // Older clients may still send image bytes (refused with 422); an oversized frame drops the connection.
    maxHttpBufferSize: LIMITS.socketMaxFrameBytes,
    serveClient: false,
    pingInterval: 25_000,
    pingTimeout: 20_000,
    // a connection that never completes its socket.io handshake is closed after 10 s
    connectTimeout: 10_000,
  });
  const redis: RedisLink | undefined = options.redisUrl ? useRedisAdapter(io, options.redisUrl, logger) : undefined;
  const ready = redis
    ? redis.ready.then(async () => {
        await Promise.all([listenForSessionEnds(io, redis, logger), listenForEvents(io, redis, logger)]);
      })
    : Promise.resolve();
  const stopEvents = redis ? () => {} : (options.events?.subscribe((event) => deliverHere(io, event)) ?? (() => {}));
  const typingLimiter = createEventLimiter('typing', options.typingLimit ?? TYPING_LIMIT, redis);
  const handshakes = createFailureLimiter('handshake', options.handshakeFailureLimit ?? HANDSHAKE_FAILURE_LIMIT, redis);

  const tokens: SocketTokens = new WeakMap();
  io.use(authenticate(api, isClosing, tokens, handshakes));

  io.on('connection', (socket) => {
    const { user } = socket.data;
    const token = tokens.get(socket);
    tokens.delete(socket); // held by this connection from now on
    if (token === undefined) {
      socket.disconnect(true); // not authenticated by this relay's middleware: cannot happen
      return;
    }
    // its user's rooms, and the room of its token: a session ending ends exactly these sockets
    socket.join([...roomsOf(user), sessionRoom(socket.data.tokenHash)]);
    const caller = { token, forwardedFor: forwardedForOf(socket) };
    revalidation.watch(socket, caller, user, socket.data.expiresAt);
    registerEvents({ io, socket, api, logger, caller, joined: new Set(), typingLimiter, inFlight, closing: isClosing });
    void inFlight.track(enforceSocketCap(io, socket, socketCap, logger));
    logger.debug({ user: user.id, socket: socket.id }, 'connected');
    socket.on('disconnect', (reason) => logger.debug({ user: user.id, socket: socket.id, reason }, 'disconnected'));
  });

  return {
    io,
    ready,
    redisState: () => redis?.state(),
    endSessions: (end) => endSessionsHere(io, end),
    async close() {
      if (closing) return;
      closing = true;
      await inFlight.idle(options.drainTimeoutMs ?? LIMITS.requestTimeoutMs + 2_000);
      // Close each connection once its last packets (the acks just sent) are flushed; clients see a
      // transport close and reconnect by themselves (to another instance, or this one restarted).
      for (const socket of io.of('/').sockets.values()) socket.conn.close();
      const end = Date.now() + 2_000;
      while (io.engine.clientsCount > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      stopEvents();
      io.engine.close();
      await io.of('/').adapter.close();
      await redis?.close();
      api.close();
      logger.info('relay closed');
    },
  };
}

export { SOCKET_UNAVAILABLE } from './auth';
export { socketsPerUser } from './socket-cap';
export type { RelayServer, RelaySocket } from './types';
