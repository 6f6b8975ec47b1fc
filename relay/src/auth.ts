/**
 * Authentication first (CONTRACT.md §4): the handshake's `auth.token` is checked through
 * GET auth/user with the token itself; a refused token fails the connection with
 * `connect_error` 'unauthorized'. An address with too many failed handshakes is refused at once
 * with 'rate_limited' (rate-limit.ts). The rooms are chosen here, never by the client.
 */
import { isIP } from 'node:net';
import {
  apiPaths,
  isStoreAccount,
  rooms,
  SOCKET_RATE_LIMITED,
  SOCKET_UNAUTHORIZED,
  type User,
  UserType,
} from '@agrivet/shared';
import type { ApiClient } from './api-client';
import { codeOf, refusesToken } from './messages';
import type { FailureLimiter } from './rate-limit';
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

/** Loopback and private peers: a proxy in front of the relay (nginx, a container network). */
const isLocalPeer = (address: string) =>
  /^(::ffff:)?(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(address) || address === '::1';

/**
 * The client's address for the handshake limit: the peer, or — when the peer is a local proxy —
 * the address that proxy reported last in X-Forwarded-For.
 */
export const clientAddressOf = (socket: RelaySocket): string => {
  const peer = socket.handshake.address ?? '';
  if (!isLocalPeer(peer)) return peer;
  const header = socket.handshake.headers['x-forwarded-for'];
  const last = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').at(-1)?.trim() ?? '';
  return isIP(last) ? last : peer;
};

/**
 * Each authenticated socket's raw token, on this relay only: handlers forward with it. It is kept out
 * of socket.data, which the Redis adapter serialises to the other relays (fetchSockets).
 */
export type SocketTokens = WeakMap<RelaySocket, string>;

export function authenticate(api: ApiClient, closing: () => boolean, tokens: SocketTokens, failures: FailureLimiter) {
  return async (socket: RelaySocket, next: (err?: Error) => void): Promise<void> => {
    if (closing()) return next(new Error(SOCKET_UNAVAILABLE));
    const address = clientAddressOf(socket);
    if (await failures.blocked(address)) return next(new Error(SOCKET_RATE_LIMITED));
    const refuse = async (message?: string) => {
      await failures.fail(address);
      // the API's words for why (a session ended, an account blocked) reach the client as connect_error's data
      next(Object.assign(new Error(SOCKET_UNAUTHORIZED), message ? { data: { message } } : {}));
    };
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token.length === 0 || token.length > 1024) return refuse();
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
        connectedAt: Date.now(),
      };
      tokens.set(socket, token);
      return next();
    }
    if (refusesToken(codeOf(res))) return refuse('error' in res ? res.error?.message : undefined);
    next(new Error(SOCKET_UNAVAILABLE));
  };
}

/** user:{id} for everyone, store:{id} for store accounts with a store, admin for the main admin. */
export function roomsOf(user: User): string[] {
  const list = [rooms.user(user.id)];
  if (isStoreAccount(user.type) && user.store) list.push(rooms.store(user.store.id));
  if (user.type === UserType.Admin) list.push(rooms.admin);
  return list;
}
