/**
 * The live relay (CONTRACT.md §4): authenticates sockets through the API, joins rooms the server
 * chooses, forwards writes to the REST API with the caller's own token and pushes the results.
 * It holds no database and no business rules.
 *
 *   const relay = attachRelay(httpServer, { apiUrl: 'http://127.0.0.1:8080/api' });
 *   await relay.close(); // lets events in flight finish, then closes every connection
 */
import type { Server as HttpServer } from 'node:http';
import { LIMITS, type SessionEnd, SOCKET_PATH, sessionRoom } from '@agrivet/shared';
import pino, { type Logger } from 'pino';
import { Server } from 'socket.io';
import { createApiClient } from './api-client';
import { authenticate, forwardedForOf, roomsOf, type SocketTokens } from './auth';
import * as conversation from './events/conversation';
import * as message from './events/message';
import { onEvent } from './events/on-event';
import { InFlight } from './in-flight';
import * as order from './events/order';
import { createParticipantsCache } from './participants';
import { createEventLimiter, type LimitRule, TYPING_LIMIT } from './rate-limit';
import { type RedisLink, useRedisAdapter } from './redis';
import { createRevalidation, endSessionsHere, listenForSessionEnds } from './sessions';
import type { ConnectionContext, RelayServer } from './types';

export interface RelayOptions {
  /** Base URL of the REST API, e.g. http://127.0.0.1:8080/api */
  apiUrl: string;
  /** Set: rooms are shared with other relay instances through Redis pub/sub. */
  redisUrl?: string;
  logger?: Logger;
  /** How long close() waits for events in flight — forwards, pushes, acks (ms). */
  drainTimeoutMs?: number;
  /**
   * Each socket's token is re-checked through GET auth/user this often (±20 %), so a revoked
   * session that only listens is disconnected too (ms, default 5 minutes; 0 = never).
   */
  revalidateIntervalMs?: number;
  /** Typing events allowed per user (default TYPING_LIMIT: 20 in 10 s); tests pass smaller ones. */
  typingLimit?: LimitRule;
}

export interface Relay {
  io: RelayServer;
  /** Resolves when the relay is ready to serve (the Redis adapter connected, when used). */
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
  const participants = createParticipantsCache();
  const inFlight = new InFlight();
  const revalidation = createRevalidation(api, options.revalidateIntervalMs ?? 5 * 60_000, logger);
  let closing = false;
  const isClosing = () => closing;

  const io: RelayServer = new Server(httpServer, {
    path: SOCKET_PATH,
    // Image messages carry up to 5 MB of bytes, the rest stays small (the browser's outbox knows this cap).
    maxHttpBufferSize: LIMITS.socketMaxFrameBytes,
    serveClient: false,
    pingInterval: 25_000,
    pingTimeout: 20_000,
  });
  const redis: RedisLink | undefined = options.redisUrl ? useRedisAdapter(io, options.redisUrl, logger) : undefined;
  const ready = redis ? redis.ready.then(() => listenForSessionEnds(io, redis, logger)) : Promise.resolve();
  const typingLimiter = createEventLimiter('typing', options.typingLimit ?? TYPING_LIMIT, redis);

  const tokens: SocketTokens = new WeakMap();
  io.use(authenticate(api, isClosing, tokens));

  io.on('connection', (socket) => {
    const { user } = socket.data;
    const token = tokens.get(socket);
    tokens.delete(socket); // held by this connection's context from now on
    if (token === undefined) {
      socket.disconnect(true); // not authenticated by this relay's middleware: cannot happen
      return;
    }
    // its user's rooms, and the room of its token: a session ending ends exactly these sockets
    socket.join([...roomsOf(user), sessionRoom(socket.data.tokenHash)]);
    const ctx: ConnectionContext = {
      io,
      socket,
      api,
      participants,
      logger,
      user,
      caller: { token, forwardedFor: forwardedForOf(socket) },
      joined: new Set<number>(),
      closing: isClosing,
      inFlight,
      busy: { count: 0 },
    };
    revalidation.watch(socket, ctx.caller, user, socket.data.expiresAt);
    onEvent(ctx, 'conversation:join', conversation.join);
    onEvent(ctx, 'conversation:leave', conversation.leave);
    onEvent(ctx, 'conversation:read', conversation.read);
    onEvent(ctx, 'typing', conversation.typingHandler(typingLimiter));
    onEvent(ctx, 'message:send', message.send, { large: true });
    onEvent(ctx, 'message:delete', message.remove);
    onEvent(ctx, 'order:create', order.create);
    onEvent(ctx, 'order:update', order.update);
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
      io.engine.close();
      await io.of('/').adapter.close();
      await redis?.close();
      api.close();
      logger.info('relay closed');
    },
  };
}

export { SOCKET_UNAVAILABLE } from './auth';
export type { RelayServer, RelaySocket } from './types';
