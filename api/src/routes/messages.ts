/**
 * message/create (a participant): text, image (multipart field `image`) or both; idempotent by
 * the caller's client_id — the same client_id again answers the first message.
 */
import { type Message, messageCreateSchema, validationMessages } from '@agrivet/shared';
import { type Request, Router } from 'express';
import type { AppContext } from '../context';
import { currentUser, requireAuth } from '../http/auth';
import { sendOk } from '../http/envelope';
import { forbidden, HttpError, notFound } from '../http/errors';
import { acceptImage, storeUploadedImage } from '../http/upload';
import { validate } from '../http/validate';
import { presentMessage } from '../presenters/message';
import { findConversationRow } from '../queries/conversations';
import { participantRole } from '../services/conversations';
import { isStorableId } from '../services/ids';
import { findByClientId, writeMessage } from '../services/messages';

const schema = messageCreateSchema('ar');

/** message/create for a request whose body is parsed (and whose image, if any, is in `req.file`). */
export function messageCreate({ db, images }: AppContext): (req: Request) => Promise<Message> {
  return async (req) => {
    const caller = currentUser(req);
    const body = await validate(schema, req.body);
    // a message is always written by the caller, the admin included
    if (body.user_id !== undefined && body.user_id !== caller.id) throw forbidden('callerMismatch');
    if (!isStorableId(body.conversation_id)) throw notFound();
    const conversation = await findConversationRow(db, body.conversation_id);
    if (!conversation) throw notFound();
    const author = participantRole(conversation, caller.id);
    if (author === null) throw forbidden();

    const text = body.message ? body.message : null;
    if (text === null && !req.file) {
      throw new HttpError(422, validationMessages.ar.messageOrImage, { message: validationMessages.ar.messageOrImage });
    }
    const clientId = body.client_id ? body.client_id : null;
    const earlier = await findByClientId(db, caller.id, clientId);
    if (earlier) return presentMessage(earlier);

    const image = await storeUploadedImage(req, images, 'messages');
    let result: Awaited<ReturnType<typeof writeMessage>>;
    try {
      result = await writeMessage(db, { conversation, author, userId: caller.id, text, image, clientId });
    } catch (err) {
      await images.remove(image);
      throw err;
    }
    if (!result.created) await images.remove(image);
    return presentMessage(result.message);
  };
}

export function messageRoutes(ctx: AppContext): Router {
  const router = Router();
  const create = messageCreate(ctx);
  router.post('/create', requireAuth, acceptImage, async (req, res) => {
    sendOk(res, await create(req));
  });
  return router;
}
