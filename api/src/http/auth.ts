/**
 * Authentication and role checks. `loadUser` (mounted for every /api route) resolves the bearer
 * token into `req.user`; routes then state who may call them:
 *   router.post('/create', requireAuth, requireStoreAccount, refuseDisabledStore, handler)
 * or check ownership inline with `mustOwn(req.user, row.user_id)`.
 */
import { isStoreAccount, UserStatus, UserType } from '@agrivet/shared';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Kysely } from 'kysely';
import { hashToken, revokeToken, type TokenStore, tokenExpiresAt } from '../auth/tokens';
import { nowIso, toIso } from '../db/time';
import type { Database, UserRow } from '../db/types';
import { clockNow, type Config } from '../config';
import { effectiveStatus, syncUser } from '../services/subscriptions';
import { forbidden, subscriptionExpired, unauthorized } from './errors';

/** The caller as the token lookup reads it (the delivery province is not needed on every request). */
export type AuthUser = Omit<
  UserRow,
  'password_hash' | 'province' | 'search_text' | 'sub_grace_ends_at' | 'blocked_reason'
>;

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in caller, when the request carried a valid token. */
    user?: AuthUser;
    /** Id of the auth_tokens row used (logout revokes it). */
    authTokenId?: number;
    /** Its hash (SHA-256 hex): the relays know the token's sockets by it (auth/session-ends.ts). */
    authTokenHash?: string;
    /** When the token stops being accepted unless used again (ms since epoch; CONTRACT.md §7 "Login"). */
    authExpiresAt?: number;
    /**
     * Set when an Authorization header was sent but its token is unknown, revoked or expired;
     * `'blocked'` when it was revoked by its account's block (the 401 then says so: CONTRACT.md §8).
     */
    badToken?: true | 'blocked';
  }
}

/** Whether a token no longer accepted belongs to a blocked account: asked only when a token is refused. */
const blockedTokenOwner = (db: Kysely<Database>, tokenHash: string) =>
  db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select('users.blocked_at')
    .where('auth_tokens.token_hash', '=', tokenHash)
    .where('users.blocked_at', 'is not', null)
    .executeTakeFirst();

/** `last_used_at` moves at most this often: one write an hour per active token, not one per request. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

/** The caller of a live (not revoked) token. */
const tokenUser = (db: Kysely<Database>, tokenHash: string) =>
  db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select([
      'auth_tokens.id as token_id',
      'auth_tokens.last_used_at',
      'auth_tokens.created_at as token_created_at',
      'users.id',
      'users.name',
      'users.phone',
      'users.address',
      'users.image',
      'users.type',
      'users.status',
      'users.sub_plan',
      'users.sub_ends_at',
      'users.suspended',
      'users.blocked_at',
      'users.created_at',
      'users.updated_at',
    ])
    .where('auth_tokens.token_hash', '=', tokenHash)
    .where('auth_tokens.revoked_at', 'is', null)
    .executeTakeFirst();

/**
 * Resolves the bearer token (if any); never refuses — requireAuth does. A token unused for 30 days or
 * issued 180 days ago is expired: revoked here (its sockets end, auth/session-ends.ts) and the request
 * goes on as one with a bad token (401 `unauthenticated` where a caller is needed).
 */
export function loadUser(store: TokenStore & { config?: Pick<Config, 'now'> }): RequestHandler {
  const { db } = store;
  const clock = store.config ?? {};
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (token === undefined) return next();
    if (token === '' || token === 'undefined' || token.length > 200) {
      req.badToken = true;
      return next();
    }
    const tokenHash = hashToken(token);
    const row = await tokenUser(db, tokenHash);
    if (!row) {
      // its owner told why their session ended, not just that it did (the relay passes it on too)
      req.badToken = (await blockedTokenOwner(db, tokenHash)) ? 'blocked' : true;
      return next();
    }
    const { token_id, last_used_at, token_created_at, ...user } = row;
    // a blocked account's tokens are revoked with the block (user/block); one that slipped through is refused
    if (user.blocked_at !== null) {
      req.badToken = 'blocked';
      return next();
    }
    // a store account's status follows its subscription, computed now (services/subscriptions.ts)
    const status = effectiveStatus(user, clockNow(clock));
    if (status !== user.status) {
      await syncUser(db, user.id, user.status, status);
      user.status = status;
    }
    const now = Date.now();
    let lastUsed = Date.parse(toIso(last_used_at));
    const created = Date.parse(toIso(token_created_at));
    if (now >= tokenExpiresAt(created, lastUsed)) {
      await revokeToken(store, { id: token_id, userId: user.id, hash: tokenHash });
      req.badToken = true;
      return next();
    }
    req.user = user;
    req.authTokenId = token_id;
    req.authTokenHash = tokenHash;
    if (now - lastUsed > TOUCH_EVERY_MS) {
      await db.updateTable('auth_tokens').set({ last_used_at: nowIso() }).where('id', '=', token_id).execute();
      lastUsed = now;
    }
    req.authExpiresAt = tokenExpiresAt(created, lastUsed);
    next();
  };
}

/** The signed-in caller, or 401. Use inside handlers after requireAuth. */
export function currentUser(req: Request): AuthUser {
  if (!req.user) {
    throw unauthorized(req.badToken === 'blocked' ? 'accountBlocked' : req.badToken ? 'invalidToken' : 'unauthorized');
  }
  return req.user;
}

export const requireAuth: RequestHandler = (req: Request, _res: Response, next: NextFunction) => {
  currentUser(req);
  next();
};

export const isAdmin = (user: AuthUser | undefined): boolean => user?.type === UserType.Admin;

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!isAdmin(currentUser(req))) throw forbidden();
  next();
};

/** Store accounts (type 1 pharmacy/doctor, type 3 nursery). */
export const requireStoreAccount: RequestHandler = (req, _res, next) => {
  if (!isStoreAccount(currentUser(req).type)) throw forbidden();
  next();
};

/** Admin or store account (articles). */
export const requireAdminOrStoreAccount: RequestHandler = (req, _res, next) => {
  const user = currentUser(req);
  if (!isAdmin(user) && !isStoreAccount(user.type)) throw forbidden();
  next();
};

/** A disabled store account may browse but not write in its dashboard (CONTRACT.md §5). */
export function mustNotBeDisabledStore(user: AuthUser): void {
  if (isStoreAccount(user.type) && user.status === UserStatus.Disabled) throw subscriptionExpired();
}

export const refuseDisabledStore: RequestHandler = (req, _res, next) => {
  mustNotBeDisabledStore(currentUser(req));
  next();
};

/** The caller owns the row (or is the admin), else 403. */
export function mustOwnOrAdmin(user: AuthUser, ownerId: number): void {
  if (!isAdmin(user) && user.id !== ownerId) throw forbidden();
}

/** An id in the body that names the caller (user_id, sender_id) must be the caller (admin aside). */
export function mustNameCaller(user: AuthUser, namedId: number | undefined | null): void {
  if (namedId === undefined || namedId === null || isAdmin(user)) return;
  if (namedId !== user.id) throw forbidden('callerMismatch');
}
