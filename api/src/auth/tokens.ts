/**
 * Opaque 256-bit bearer tokens, stored only as their SHA-256 hash. A token expires 30 days after its
 * last use and 180 days after it was issued (CONTRACT.md §7 "Login"); `last_used_at` moves at most
 * once an hour (http/auth.ts). Every revocation is told to the relays (auth/session-ends.ts), so the
 * sockets of that session close at once.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso } from '../db/time';
import type { Database } from '../db/types';
import type { SessionEnds } from './session-ends';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const DAY_MS = 24 * 60 * 60 * 1000;

/** Token lifetime: unused for this long, or this old, and it is refused (401 `unauthenticated`). */
export const TOKEN_LIFETIME = { idleMs: 30 * DAY_MS, maxMs: 180 * DAY_MS } as const;

/** When a token used last at `lastUsedAt` and issued at `createdAt` stops being accepted (ms since epoch). */
export const tokenExpiresAt = (createdAt: number, lastUsedAt: number): number =>
  Math.min(createdAt + TOKEN_LIFETIME.maxMs, lastUsedAt + TOKEN_LIFETIME.idleMs);

/** What revoking needs: the database and where session ends are told. */
export interface TokenStore {
  db: Kysely<Database>;
  sessions: SessionEnds;
}

export async function issueToken(db: Kysely<Database>, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = nowIso();
  await db
    .insertInto('auth_tokens')
    .values({ user_id: userId, token_hash: hashToken(token), created_at: now, last_used_at: now })
    .execute();
  return token;
}

/** Revokes one token (logout, expiry) and ends its sockets. */
export async function revokeToken(
  { db, sessions }: TokenStore,
  token: { id: number; userId: number; hash: string },
): Promise<void> {
  await db.updateTable('auth_tokens').set({ revoked_at: nowIso() }).where('id', '=', token.id).execute();
  sessions.publish({ user_id: token.userId, token_hash: token.hash });
}

/**
 * Revokes every token of a user except `keep` (after a password change or reset) and ends their
 * sockets; the kept one (the device that changed the password) stays signed in.
 */
export async function revokeUserTokens(
  { db, sessions }: TokenStore,
  userId: number,
  keep?: { id: number; hash: string },
): Promise<void> {
  let q = db.updateTable('auth_tokens').set({ revoked_at: nowIso() }).where('user_id', '=', userId);
  q = q.where('revoked_at', 'is', null);
  if (keep !== undefined) q = q.where('id', '!=', keep.id);
  await q.execute();
  sessions.publish(keep ? { user_id: userId, except_token_hash: keep.hash } : { user_id: userId });
}
