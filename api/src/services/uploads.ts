/**
 * Uploads (CONTRACT.md §7): a stored image or voice note of one user, used by at most one message of
 * that user, deleted when unused after 24 hours.
 *
 * - `checkUpload` before a message is written: unknown (or already swept) → 422 on `upload_id`,
 *   someone else's → 403, used → 409.
 * - `claimUpload` inside the message's transaction: one conditional UPDATE (still unused, still the
 *   caller's); two messages racing for one upload meet there and the loser's transaction rolls back
 *   with 409.
 * - `sweepUploads`: unused uploads older than 24 h, and used ones whose message is gone (a deleted
 *   conversation or store: message_id became NULL), lose their files (in the folder or the bucket) and
 *   rows. It runs at start
 *   and every hour (services/chat.ts); tests call it with their own clock.
 */
import { LIMITS } from '@agrivet/shared';
import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../db/time';
import type { Database, UploadRow } from '../db/types';
import { conflict, forbidden, invalidField } from '../http/errors';
import type { ChatMedia, StoredAttachment } from '../media/chat-media';

export async function insertUpload(db: Kysely<Database>, userId: number, stored: StoredAttachment): Promise<UploadRow> {
  return db
    .insertInto('uploads')
    .values({
      user_id: userId,
      kind: stored.kind,
      path: stored.path,
      thumb: stored.thumb ?? null,
      width: stored.width ?? null,
      height: stored.height ?? null,
      duration_ms: stored.duration_ms ?? null,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The attachment an upload row describes (unsigned paths). */
export function uploadAttachment(row: UploadRow): StoredAttachment {
  const kind = row.kind === 'audio' ? 'audio' : 'image';
  const out: StoredAttachment = { kind, path: row.path };
  if (row.thumb) out.thumb = row.thumb;
  if (row.width !== null) out.width = row.width;
  if (row.height !== null) out.height = row.height;
  if (row.duration_ms !== null) out.duration_ms = row.duration_ms;
  return out;
}

/** The upload `uploadId` if `userId` may attach it now; 422 / 403 / 409 otherwise. */
export async function checkUpload(db: Kysely<Database>, userId: number, uploadId: number): Promise<UploadRow> {
  const row =
    uploadId <= 2_147_483_647
      ? await db.selectFrom('uploads').selectAll().where('id', '=', uploadId).executeTakeFirst()
      : undefined;
  if (!row) throw invalidField('upload_id', 'uploadNotFound');
  if (row.user_id !== userId) throw forbidden('uploadNotYours');
  if (row.used_at !== null) throw conflict('uploadUsed');
  return row;
}

/** Marks the upload used by `messageId` (in the message's transaction); 409 when it no longer can be. */
export async function claimUpload(
  trx: Transaction<Database>,
  upload: UploadRow,
  messageId: number,
  now: string,
): Promise<void> {
  const result = await trx
    .updateTable('uploads')
    .set({ message_id: messageId, used_at: now })
    .where('id', '=', upload.id)
    .where('user_id', '=', upload.user_id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw conflict('uploadUsed');
}

export interface SweepResult {
  removed: number;
}

/**
 * Deletes unused uploads created before `now - 24 h` and used ones whose message is gone, with
 * their files. Rows are deleted first (conditionally, so an upload claimed meanwhile stays), then
 * the files of the rows actually deleted.
 */
export async function sweepUploads(
  db: Kysely<Database>,
  media: ChatMedia,
  now: Date = new Date(),
  batch = 500,
): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - LIMITS.uploadUnusedMs).toISOString();
  let removed = 0;
  for (;;) {
    const stale = await db
      .selectFrom('uploads')
      .select(['id'])
      .where('message_id', 'is', null)
      .where((eb) => eb.or([eb('used_at', 'is not', null), eb('created_at', '<', cutoff)]))
      .orderBy('id')
      .limit(batch)
      .execute();
    if (stale.length === 0) return { removed };
    const gone = await db
      .deleteFrom('uploads')
      .where(
        'id',
        'in',
        stale.map((s) => s.id),
      )
      .where('message_id', 'is', null)
      .where((eb) => eb.or([eb('used_at', 'is not', null), eb('created_at', '<', cutoff)]))
      .returning(['kind', 'path'])
      .execute();
    await media.removeAll(gone.map((row) => ({ kind: row.kind === 'audio' ? 'audio' : 'image', path: row.path })));
    removed += gone.length;
    if (stale.length < batch) return { removed };
  }
}
