/**
 * The client's socket events (CONTRACT.md §4). Each write is forwarded to the REST API with the
 * caller's own token and acknowledged with the API's envelope, unchanged — bodies, `user_id`
 * included, are the API's to check (a `user_id` that is not the caller's gets its 403). The relay
 * pushes nothing for them: the API publishes each committed change and every relay fans it out
 * (events.ts). The relay itself reads only the ids it puts in a path or a room, refuses image bytes
 * (a photo is a `POST upload` first, then `upload_id`), and handles `typing`, which never reaches
 * the API.
 */
import {
  type ApiResponse,
  apiMessages,
  apiPaths,
  type ClientToServerEvents,
  LIMITS,
  rooms,
  validationMessages,
} from '@agrivet/shared';
import type { Logger } from 'pino';
import type { ApiClient } from './api-client';
import type { InFlight } from './in-flight';
import {
  codeOf,
  internalError,
  invalid,
  notInConversation,
  rateLimited,
  relayMessages,
  shuttingDown,
  tooLarge,
} from './messages';
import type { EventLimiter } from './rate-limit';
import { endTokenSessions, endUserSessions } from './sessions';
import type { RelayServer, RelaySocket } from './types';

/** One authenticated connection and what its handlers need. */
export interface Connection {
  io: RelayServer;
  socket: RelaySocket;
  api: ApiClient;
  logger: Logger;
  /** Call options for the API: the caller's own token and address. */
  caller: { token: string; forwardedFor?: string };
  /** Conversations this socket joined (typing is allowed only there). */
  joined: Set<number>;
  typingLimiter: EventLimiter;
  /** Events in flight on the whole relay (a graceful shutdown waits for them). */
  inFlight: InFlight;
  closing: () => boolean;
}

type Raw = Record<string, unknown>;
type Handler = (payload: Raw, c: Connection) => Promise<ApiResponse<unknown>>;

/** Events one connection may have in flight at once; more are refused with 429. */
export const MAX_EVENTS_IN_FLIGHT_PER_SOCKET = 32;

const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A positive id that fits PostgreSQL's integer columns (a number or a digit string), or null. */
function idOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

const badId = (field: string) => invalid({ [field]: validationMessages.ar.invalidId });

function without(payload: Raw, key: string): Raw {
  const { [key]: _omitted, ...rest } = payload;
  return rest;
}

/** A forward to POST `path(id)` with the payload minus the id, when `field` holds a valid id. */
const postById =
  (field: string, path: (id: number) => string): Handler =>
  async (p, c) => {
    const id = idOf(p[field]);
    return id === null ? badId(field) : c.api.post(path(id), without(p, field), c.caller);
  };

const handlers: Record<keyof ClientToServerEvents, Handler> = {
  // the access check; the ack is the conversation with the messages after `after_id` (the client's
  // re-sync after a reconnect: one request), or without any history (before_id=1)
  'conversation:join': async (p, c) => {
    const id = idOf(p.conversation_id);
    if (id === null) return badId('conversation_id');
    const after =
      Number.isSafeInteger(p.after_id) && (p.after_id as number) >= 0 ? `after_id=${p.after_id}` : 'before_id=1';
    const res = await c.api.get(`${apiPaths.conversation.get(id)}?${after}`, c.caller);
    if (res.status === 200) {
      c.joined.add(id);
      await c.socket.join(rooms.conversation(id));
    }
    return res;
  },
  'conversation:leave': async (p, c) => {
    const id = idOf(p.conversation_id);
    if (id === null) return badId('conversation_id');
    c.joined.delete(id);
    await c.socket.leave(rooms.conversation(id));
    return { status: 200, data: { conversation_id: id } };
  },
  'conversation:read': postById('conversation_id', apiPaths.conversation.update),
  'message:send': (p, c) => c.api.post(apiPaths.message.create, p, c.caller),
  'message:delete': async (p, c) => {
    const id = idOf(p.message_id);
    return id === null ? badId('message_id') : c.api.post(apiPaths.message.delete(id), {}, c.caller);
  },
  'order:create': (p, c) => c.api.post(apiPaths.order.create, p, c.caller),
  'order:update': postById('order_id', apiPaths.order.update),
  // volatile, rate-limited per user, only in a joined conversation; to the room except the typist's own tabs
  typing: async (p, c) => {
    const id = idOf(p.conversation_id);
    if (id === null) return badId('conversation_id');
    if (typeof p.typing !== 'boolean') return invalid({ typing: validationMessages.ar.invalidBoolean });
    if (!c.joined.has(id)) return notInConversation();
    const userId = c.socket.data.user.id;
    const wait = await c.typingLimiter.take(String(userId));
    if (wait !== null) return rateLimited(wait);
    c.socket
      .to(rooms.conversation(id))
      .except(rooms.user(userId))
      .volatile.emit('typing', { conversation_id: id, user_id: userId, typing: p.typing });
    return { status: 200, data: null };
  },
};

/** Small events only: at most LIMITS.socketSmallPayloadBytes as JSON. */
function tooBig(payload: unknown): boolean {
  try {
    return JSON.stringify(payload ?? null).length > LIMITS.socketSmallPayloadBytes;
  } catch {
    return true;
  }
}

/** One event: checks, the handler, the acknowledgement (if asked for); never throws. */
async function handle(c: Connection, event: keyof ClientToServerEvents, payload: unknown, busy: { count: number }) {
  if (c.closing()) return shuttingDown();
  if (busy.count >= MAX_EVENTS_IN_FLIGHT_PER_SOCKET) return rateLimited();
  // image bytes (older clients): refused before the size check, so they get the reason, not a 413
  if (event === 'message:send' && isObject(payload) && payload.image !== undefined && payload.image !== null) {
    return invalid({ image: relayMessages.imageOverSocket });
  }
  if (tooBig(payload)) return tooLarge();
  if (!isObject(payload)) return invalid({ _: apiMessages.ar.validation });
  busy.count += 1;
  try {
    return await handlers[event](payload, c);
  } catch (err) {
    c.logger.error({ err, event, user: c.socket.data.user.id }, 'relay handler failed');
    return internalError();
  } finally {
    busy.count -= 1;
  }
}

/**
 * Registers every client event on the connection. The API's `error.code` decides what happens to the
 * session (never its text): `unauthenticated` ends this token's sockets on every relay,
 * `subscription_expired` all of the user's.
 */
export function registerEvents(c: Connection): void {
  const busy = { count: 0 };
  for (const event of Object.keys(handlers) as (keyof ClientToServerEvents)[]) {
    const listener = async (...args: unknown[]) => {
      const ack = typeof args.at(-1) === 'function' ? (args.pop() as (r: unknown) => void) : undefined;
      const response = await handle(c, event, args[0], busy);
      try {
        ack?.(response);
      } catch (err) {
        c.logger.warn({ err, event }, 'acknowledgement failed');
      }
      const code = codeOf(response);
      if (code === 'unauthenticated') endTokenSessions(c.io, c.socket.data.tokenHash);
      else if (code === 'subscription_expired') endUserSessions(c.io, c.socket.data.user.id);
    };
    c.socket.on(event, ((...args: unknown[]) => c.inFlight.track(listener(...args))) as never);
  }
}
