/**
 * Ending sessions. Every socket sits in the room of its token (`session:{sha256 hex}`, the hash the API
 * stores; the raw token never leaves this relay) beside its user's room, so one session or all of a
 * user's end with one `disconnectSockets` on every relay instance.
 *  - The API tells the relays at once when it ends a session (logout, a password change, an account
 *    disabled by the admin, an expired token; api/src/auth/session-ends.ts): in process for `npm
 *    start` (`relay.endSessions`), on the Redis channel SESSION_ENDS_CHANNEL when REDIS_URL is set.
 *    Each relay ends its own sockets of that session (within a second).
 *  - A forward the API answers 401 ends that token's sockets; a 403 `subscription_expired` all of the
 *    user's (events/on-event.ts).
 *  - The safety net: each socket re-checks its token through GET auth/user every few minutes (with
 *    jitter), and at the moment the API said the token expires; a 401 / 403 disconnects it.
 */
import { createHash } from 'node:crypto';
import { apiPaths, rooms, SESSION_ENDS_CHANNEL, type SessionEnd, sessionRoom, type User } from '@agrivet/shared';
import type { Logger } from 'pino';
import type { ApiClient } from './api-client';
import { codeOf, refusesToken } from './messages';
import type { RedisLink } from './redis';
import type { RelayServer, RelaySocket } from './types';

/** SHA-256 hex of a token: the same hash the API keeps (auth_tokens.token_hash) and names in session ends. */
export const tokenHashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Disconnects every socket authenticated with this token, on every relay (through the adapter). */
export function endTokenSessions(io: RelayServer, tokenHash: string): void {
  io.in(sessionRoom(tokenHash)).disconnectSockets(true);
}

/** Disconnects every socket of this user, on every relay (a disabled account). */
export function endUserSessions(io: RelayServer, userId: number): void {
  io.in(rooms.user(userId)).disconnectSockets(true);
}

const isSessionEnd = (value: unknown): value is SessionEnd => {
  const end = value as SessionEnd | null;
  return (
    typeof end === 'object' &&
    end !== null &&
    Number.isInteger(end.user_id) &&
    (end.token_hash === undefined || typeof end.token_hash === 'string') &&
    (end.except_token_hash === undefined || typeof end.except_token_hash === 'string')
  );
};

/** A session end the API announced, applied to THIS relay's sockets (every relay hears it itself). */
export function endSessionsHere(io: RelayServer, end: SessionEnd): void {
  if (end.token_hash) {
    io.local.in(sessionRoom(end.token_hash)).disconnectSockets(true);
  } else if (end.except_token_hash) {
    io.local.in(rooms.user(end.user_id)).except(sessionRoom(end.except_token_hash)).disconnectSockets(true);
  } else {
    io.local.in(rooms.user(end.user_id)).disconnectSockets(true);
  }
}

/** Listens on SESSION_ENDS_CHANNEL (its own subscriber connection); resolves once subscribed. */
export async function listenForSessionEnds(io: RelayServer, redis: RedisLink, logger: Logger): Promise<void> {
  await redis.subscribe(SESSION_ENDS_CHANNEL, (message) => {
    let end: unknown;
    try {
      end = JSON.parse(message);
    } catch {
      end = undefined;
    }
    if (!isSessionEnd(end)) {
      logger.warn({ message: message.slice(0, 200) }, 'ignored a malformed session end');
      return;
    }
    logger.info({ user: end.user_id, token: Boolean(end.token_hash) }, 'session ended by the API');
    endSessionsHere(io, end);
  });
}

export interface Revalidation {
  /**
   * Re-check this socket's token every intervalMs (±20 %), and right after `expiresAt` (ms since
   * epoch, from auth/user) when that comes first, until it disconnects.
   */
  watch(socket: RelaySocket, caller: { token: string; forwardedFor?: string }, user: User, expiresAt?: number): void;
}

/** How long after the announced expiry the re-check asks (the API's clock may be a little behind). */
const AFTER_EXPIRY_MS = 250;

export function createRevalidation(api: ApiClient, intervalMs: number, logger: Logger): Revalidation {
  const jittered = () => intervalMs * (0.8 + 0.4 * Math.random());
  return {
    watch(socket, caller, user, firstExpiresAt) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const schedule = (expiresAt: number | undefined) => {
        const periodic = intervalMs > 0 ? jittered() : Number.POSITIVE_INFINITY;
        const untilExpiry =
          expiresAt === undefined ? Number.POSITIVE_INFINITY : expiresAt - Date.now() + AFTER_EXPIRY_MS;
        const delay = Math.max(0, Math.min(periodic, untilExpiry));
        // setTimeout holds at most ~24.8 days; a longer wait is taken in steps
        if (!Number.isFinite(delay)) return;
        timer = setTimeout(check, Math.min(delay, 2 ** 31 - 1));
        timer.unref?.();
      };
      const check = async () => {
        timer = undefined;
        if (!socket.connected) return;
        const res = await api.get<{ user: User; expires_at?: string }>(apiPaths.auth.user, caller);
        if (!socket.connected) return;
        if (refusesToken(codeOf(res))) {
          logger.info({ user: user.id, socket: socket.id, status: res.status }, 'unauthorized: token no longer valid');
          socket.disconnect(true);
          return;
        }
        // 200, or the API unreachable (5xx) or busy (429): keep the socket and check again later.
        const next = 'data' in res && res.data?.expires_at ? Date.parse(res.data.expires_at) : undefined;
        schedule(Number.isFinite(next) ? next : undefined);
      };
      schedule(firstExpiresAt);
      socket.once('disconnect', () => {
        if (timer) clearTimeout(timer);
        timer = undefined;
      });
    },
  };
}
