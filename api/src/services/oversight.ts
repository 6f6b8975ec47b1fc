/**
 * The admin's levers on abuse (CONTRACT.md §8): blocking an account (it cannot sign in; its tokens are
 * revoked, so every request with them is refused and its sockets close at once on every relay through
 * auth/session-ends.ts), and deleting a message from the report queue (pushed as `message:deleted`).
 * Each writes its audit row.
 */
import { UserType } from '@agrivet/shared';
import { revokeUserTokens } from '../auth/tokens';
import type { AppContext } from '../context';
import { messageDeleted } from '../events/messages';
import { nowIso } from '../db/time';
import type { MessageRow } from '../db/types';
import { forbidden, notFound } from '../http/errors';
import { parseStoredAttachment, type StoredAttachment } from '../media/chat-media';
import { presentMessage } from '../presenters/message';
import { findConversationRow } from '../queries/conversations';
import { recordAudit } from './audit';
import { deleteMessage } from './messages';

export async function setUserBlocked(
  ctx: Pick<AppContext, 'db' | 'sessions'>,
  adminId: number,
  targetId: number,
  blocked: boolean,
  reason: string | null,
): Promise<void> {
  const { db } = ctx;
  const target = await db
    .selectFrom('users')
    .select(['id', 'type', 'blocked_at', 'blocked_reason'])
    .where('id', '=', targetId)
    .executeTakeFirst();
  if (!target) throw notFound();
  // never the admin: the one account that can lift a block
  if (target.type === UserType.Admin) throw forbidden('cannotBlockAdmin');
  // a repeated block with the same reason, or lifting a block that is not there, changes nothing: no audit row
  const unchanged = blocked
    ? target.blocked_at !== null && target.blocked_reason === reason
    : target.blocked_at === null;
  if (unchanged) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set(
        blocked
          ? { blocked_at: target.blocked_at === null ? nowIso() : undefined, blocked_reason: reason }
          : { blocked_at: null, blocked_reason: null },
      )
      .where('id', '=', targetId)
      .execute();
    await recordAudit(trx, {
      actorId: adminId,
      action: blocked ? 'user.block' : 'user.unblock',
      targetType: 'user',
      targetId,
      detail: reason ? { reason } : null,
    });
  });
  // every token revoked after the commit: requests refused, sockets closed within a second
  if (blocked) await revokeUserTokens(ctx, targetId);
}

/** The admin deletes a message (report queue, message/delete): files removed, `message:deleted` pushed. */
export async function adminDeleteMessage(
  ctx: Pick<AppContext, 'db' | 'media' | 'events'>,
  adminId: number,
  message: MessageRow,
  detail: Record<string, unknown> = {},
): Promise<MessageRow> {
  const files: StoredAttachment[] = [];
  const stored = parseStoredAttachment(message.attachment);
  if (stored) files.push(stored);
  if (message.image && message.image !== stored?.path) files.push({ kind: 'image', path: message.image });
  const result = await deleteMessage(ctx.db, message, files);
  for (const file of result.removed) await ctx.media.remove(file);
  await recordAudit(ctx.db, {
    actorId: adminId,
    action: 'message.delete',
    targetType: 'message',
    targetId: message.id,
    detail: { conversation_id: message.conversation_id, ...detail },
  });
  if (result.changed) {
    const conversation = await findConversationRow(ctx.db, message.conversation_id);
    if (conversation) await ctx.events.publish(messageDeleted(presentMessage(result.message, ctx.media), conversation));
  }
  return result.message;
}
