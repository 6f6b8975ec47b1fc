/**
 * Ending sessions. A 401 ends one session — the sockets authenticated with that same token, on
 * every relay instance (compared by a hash of the token kept in socket.data, which the Redis
 * adapter hands over with remote sockets; the raw token never goes there) — while a disabled
 * account ends all of the user's.
 * Sockets that never write still learn that their token was revoked: each one re-checks it through
 * GET auth/user every few minutes (with jitter) and is disconnected on a 401 / 403.
 */
import { createHash } from 'node:crypto';
import { apiPaths, rooms, type User } from '@agrivet/shared';
import type { Logger } from 'pino';
import type { ApiClient } from './api-client';
import { codeOf, refusesToken } from './messages';
import type { RelayServer, RelaySocket } from './types';

export const tokenHashOf = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** Disconnects every socket of this user that authenticated with this token, on every relay. */
export async function endTokenSessions(io: RelayServer, userId: number, tokenHash: string, logger: Logger) {
  const room = rooms.user(userId);
  let sockets: Awaited<ReturnType<RelayServer['fetchSockets']>>;
  try {
    sockets = await io.in(room).fetchSockets();
  } catch (err) {
    // Another instance did not answer in time: end the session here at least.
    logger.warn({ err, user: userId }, 'fetchSockets failed; ending the session on this relay only');
    sockets = await io.local.in(room).fetchSockets();
  }
  for (const socket of sockets) if (socket.data?.tokenHash === tokenHash) socket.disconnect(true);
}

/** Disconnects every socket of this user, on every relay (a disabled account). */
export function endUserSessions(io: RelayServer, userId: number): void {
  io.in(rooms.user(userId)).disconnectSockets(true);
}

export interface Revalidation {
  /** Re-check this socket's token every intervalMs (±20 %) until it disconnects. */
  watch(socket: RelaySocket, caller: { token: string; forwardedFor?: string }, user: User): void;
}

export function createRevalidation(api: ApiClient, intervalMs: number, logger: Logger): Revalidation {
  const next = () => intervalMs * (0.8 + 0.4 * Math.random());
  return {
    watch(socket, caller, user) {
      if (!(intervalMs > 0)) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const check = async () => {
        timer = undefined;
        if (!socket.connected) return;
        const res = await api.get(apiPaths.auth.user, caller);
        if (!socket.connected) return;
        if (refusesToken(codeOf(res))) {
          logger.info({ user: user.id, socket: socket.id, status: res.status }, 'unauthorized: token no longer valid');
          socket.disconnect(true);
          return;
        }
        // 200, or the API unreachable (5xx) or busy (429): keep the socket and check again later.
        timer = setTimeout(check, next());
        timer.unref?.();
      };
      timer = setTimeout(check, next());
      timer.unref?.();
      socket.once('disconnect', () => {
        if (timer) clearTimeout(timer);
        timer = undefined;
      });
    },
  };
}
