/**
 * message/create (a participant): text, an attachment, or both; idempotent by the caller's
 * client_id — the same client_id again answers the first message. The attachment is an earlier
 * `POST upload` of the caller (`upload_id`, CONTRACT.md §7), or — the older way, still sent by
 * the relay for socket binaries — an image file in the multipart field `image`.
 * message/delete/{id}: its author within 15 minutes, or the admin, at any time; the message stays
 * as deleted (no text, no attachment) and its files are removed. After 15 minutes the author gets
 * 403 (`forbidden`, 'deleteWindowPassed'); deleting a deleted message again answers it unchanged.
 * A new message (not a replayed client_id) and a delete are published to the relays after commit
 * (events/messages.ts); a new message is also pushed (Web Push) to the other participant.
 */
import {
  formatCents,
  inboxMessages,
  LIMITS,
  type Message,
  type MessageCard,
  messageCreateSchema,
  validationMessages,
} from '@agrivet/shared';
import { type Request, Router } from 'express';
import type { AppContext } from '../context';
import { toIso } from '../db/time';
import type { UploadRow } from '../db/types';
import { currentUser, isAdmin, requireAuth } from '../http/auth';
import { sendOk } from '../http/envelope';
import { blockedError, forbidden, HttpError, invalid, notFound } from '../http/errors';
import { acceptImage, storeUploadedImage } from '../http/upload';
import { idParam, validate } from '../http/validate';
import type { StoredAttachment } from '../media/chat-media';
import { parseStoredAttachment } from '../media/chat-media';
import { presentMessage } from '../presenters/message';
import { findConversationForWrite, findConversationRow } from '../queries/conversations';
import { recordAudit } from '../services/audit';
import { participantRole } from '../services/conversations';
import { isStorableId } from '../services/ids';
import { deleteMessage, findByClientId, writeMessage } from '../services/messages';
import { messageDeleted } from '../events/messages';
import { chatEffects } from '../services/chat-effects';
import { clockOf } from '../services/inbox';
import { checkUpload, uploadAttachment } from '../services/uploads';

const schema = messageCreateSchema('ar');

/** message/create for a request whose body is parsed (and whose image, if any, is in `req.file`). */
export function messageCreate(ctx: AppContext): (req: Request) => Promise<Message> {
  const { db, images, media } = ctx;
  const effects = chatEffects(ctx);
  const clock = clockOf(ctx.config);
  return async (req) => {
    const caller = currentUser(req);
    const body = await validate(schema, req.body);
    // a message is always written by the caller, the admin included
    if (body.user_id !== undefined && body.user_id !== caller.id) throw forbidden('callerMismatch');
    if (!isStorableId(body.conversation_id)) throw notFound();
    const found = await findConversationForWrite(db, body.conversation_id);
    if (!found) throw notFound();
    const { conversation, store } = found;
    const author = participantRole(conversation, caller.id);
    if (author === null) throw forbidden();
    // the other side blocked the caller in this conversation (conversation/block, CONTRACT.md §8)
    if ((author === 'sender' ? conversation.blocked_by_receiver : conversation.blocked_by_sender) === 1) {
      throw blockedError('blockedInConversation');
    }

    const text = body.message ? body.message : null;
    const uploadId = body.upload_id ?? null;
    const productId = body.product_id ?? null;
    if (text === null && !req.file && uploadId === null && productId === null) {
      throw new HttpError(422, validationMessages.ar.messageOrImage, { message: validationMessages.ar.messageOrImage });
    }
    const clientId = body.client_id ? body.client_id : null;
    // a replayed client_id answers the first message. With an attachment or a card it is looked up first
    // (the upload is already used, the image must not be stored twice, the product may be gone); a text
    // message is simply written —
    // the UNIQUE (user_id, client_id) refuses a repeat and writeMessage answers the first one — which
    // spares every new message a query (issue 25: message/create's CPU)
    if (uploadId !== null || req.file || productId !== null) {
      const earlier = await findByClientId(db, caller.id, clientId);
      if (earlier) return presentMessage(earlier, media);
    }

    // a product card: a product of this conversation's store (CONTRACT.md §8)
    let card: MessageCard | null = null;
    if (productId !== null) {
      const product = await db
        .selectFrom('products')
        .select(['id', 'store_id', 'name', 'price_cents', 'image'])
        .where('id', '=', productId)
        .executeTakeFirst();
      if (!product || product.store_id !== conversation.store_id) {
        throw invalid({ product_id: inboxMessages.ar.productOtherStore });
      }
      card = {
        type: 'product',
        product_id: product.id,
        name: product.name,
        price: formatCents(product.price_cents),
        image: product.image,
      };
    }

    let upload: UploadRow | null = null;
    let attachment: StoredAttachment | null = null;
    let image: string | null = null;
    if (uploadId !== null) {
      // one attachment per message: an upload or the older multipart image, not both
      if (req.file) throw invalid({ image: validationMessages.ar.invalidChoice });
      try {
        upload = await checkUpload(db, caller.id, uploadId);
      } catch (err) {
        // used meanwhile by this same write's first copy (an outbox retry racing it: its look-up above
        // ran before that copy committed): the first message is the answer, as for any replay
        const first =
          err instanceof HttpError && err.status === 409 ? await findByClientId(db, caller.id, clientId) : undefined;
        if (!first) throw err;
        return presentMessage(first, media);
      }
      attachment = uploadAttachment(upload);
      if (attachment.kind === 'image') image = attachment.path;
    } else if (req.file) {
      image = await storeUploadedImage(req, images, 'messages');
      if (image) attachment = await media.describeImage(image);
    }

    let result: Awaited<ReturnType<typeof writeMessage>>;
    try {
      result = await writeMessage(db, {
        conversation,
        author,
        userId: caller.id,
        text,
        image,
        attachment,
        upload,
        clientId,
        card,
        now: clock(),
        authorContact: caller,
      });
    } catch (err) {
      if (!upload) await images.remove(image);
      throw err;
    }
    if (!result.created && !upload) await images.remove(image);
    if (!result.created) return presentMessage(result.message, media);
    return effects.afterCreate(result.message, conversation, result.inbox, { store });
  };
}

export function messageRoutes(ctx: AppContext): Router {
  const { db, media, events } = ctx;
  const router = Router();
  const create = messageCreate(ctx);
  router.post('/create', requireAuth, acceptImage, async (req, res) => {
    sendOk(res, await create(req));
  });

  router.post('/delete/:id', requireAuth, async (req, res) => {
    const caller = currentUser(req);
    const id = idParam(req.params.id);
    if (id === null) throw notFound();
    const message = await db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
    if (!message) throw notFound();
    if (!isAdmin(caller)) {
      if (message.user_id !== caller.id) throw forbidden();
      const age = Date.now() - Date.parse(toIso(message.created_at));
      if (message.deleted_at === null && age > LIMITS.messageDeleteWindowMs) throw forbidden('deleteWindowPassed');
    }
    const files: StoredAttachment[] = [];
    const stored = parseStoredAttachment(message.attachment);
    if (stored) files.push(stored);
    if (message.image && message.image !== stored?.path) files.push({ kind: 'image', path: message.image });
    const result = await deleteMessage(db, message, files);
    for (const file of result.removed) await media.remove(file);
    if (isAdmin(caller) && message.user_id !== caller.id) {
      await recordAudit(db, {
        actorId: caller.id,
        action: 'message.delete',
        targetType: 'message',
        targetId: message.id,
        detail: { conversation_id: message.conversation_id },
      });
    }
    const deleted = presentMessage(result.message, media);
    if (result.changed) {
      const conversation = await findConversationRow(db, message.conversation_id);
      if (conversation) await events.publish(messageDeleted(deleted, conversation));
    }
    sendOk(res, deleted);
  });
  return router;
}
