/** Opaque 256-bit bearer tokens, stored only as their SHA-256 hash. */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso } from '../db/time';
import type { Database } from '../db/types';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function issueToken(db: Kysely<Database>, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = nowIso();
  await db
    .insertInto('auth_tokens')
    .values({ user_id: userId, token_hash: hashToken(token), created_at: now, last_used_at: now })
    .execute();
  return token;
}

export async function revokeToken(db: Kysely<Database>, tokenId: number): Promise<void> {
  await db.updateTable('auth_tokens').set({ revoked_at: nowIso() }).where('id', '=', tokenId).execute();
}

/** Revokes every token of a user except `keepTokenId` (after a password change or reset). */
export async function revokeUserTokens(db: Kysely<Database>, userId: number, keepTokenId?: number): Promise<void> {
  let q = db.updateTable('auth_tokens').set({ revoked_at: nowIso() }).where('user_id', '=', userId);
  q = q.where('revoked_at', 'is', null);
  if (keepTokenId !== undefined) q = q.where('id', '!=', keepTokenId);
  await q.execute();
}
