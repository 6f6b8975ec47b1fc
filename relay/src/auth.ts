/**
 * Authentication first (CONTRACT.md §4): the handshake's `auth.token` is checked through
 * GET auth/user with the token itself; a refused token fails the connection with
 * `connect_error` 'unauthorized'. The rooms are chosen here, never by the client.
 */
import { apiPaths, isStoreAccount, rooms, SOCKET_UNAUTHORIZED, type User, UserType } from '@agrivet/shared';
import type { ApiClient } from './api-client';
import { codeOf, refusesToken } from './messages';
import { tokenHashOf } from './sessions';
import type { RelaySocket } from './types';

/** connect_error message when the API cannot be reached or the relay is closing (the client retries). */
export const SOCKET_UNAVAILABLE = 'unavailable';

/**
 * The X-Forwarded-For chain to pass on to the API: what proxies in front of the relay reported,
 * then the socket's own peer address (the API trusts only its loopback neighbours' entries).
 */
export const forwardedForOf = (socket: RelaySocket): string | undefined => {
  const header = socket.handshake.headers['x-forwarded-for'];
  const chain = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (socket.handshake.address) chain.push(socket.handshake.address);
  return chain.length > 0 ? chain.join(', ') : undefined;
};

/**
 * Each authenticated socket's raw token, on this relay only: handlers forward with it. It is kept out
 * of socket.data, which the Redis adapter serialises to the other relays (fetchSockets).
 */
export type SocketTokens = WeakMap<RelaySocket, string>;

export function authenticate(api: ApiClient, closing: () => boolean, tokens: SocketTokens) {
  return async (socket: RelaySocket, next: (err?: Error) => void): Promise<void> => {
    if (closing()) return next(new Error(SOCKET_UNAVAILABLE));
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token.length === 0 || token.length > 1024) {
      return next(new Error(SOCKET_UNAUTHORIZED));
    }
    const res = await api.get<{ user: User; expires_at?: string }>(apiPaths.auth.user, {
      token,
      forwardedFor: forwardedForOf(socket),
    });
    if (res.status === 200 && 'data' in res && res.data?.user) {
      const expiresAt = res.data.expires_at ? Date.parse(res.data.expires_at) : Number.NaN;
      socket.data = {
        user: res.data.user,
        tokenHash: tokenHashOf(token),
        expiresAt: Number.isFinite(expiresAt) ? expiresAt : undefined,
      };
      tokens.set(socket, token);
      return next();
    }
    next(new Error(refusesToken(codeOf(res)) ? SOCKET_UNAUTHORIZED : SOCKET_UNAVAILABLE));
  };
}

/** user:{id} for everyone, store:{id} for store accounts with a store, admin for the main admin. */
export function roomsOf(user: User): string[] {
  const list = [rooms.user(user.id)];
  if (isStoreAccount(user.type) && user.store) list.push(rooms.store(user.store.id));
  if (user.type === UserType.Admin) list.push(rooms.admin);
  return list;
}
