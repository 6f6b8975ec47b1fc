/**
 * conversation/block/{id} (CONTRACT.md §8), mounted beside conversationRoutes under /conversation:
 *   POST conversation/block/{id} {blocked}   a participant: the other side can no longer send in it
 *                                            (message/create answers 403 `blocked`); the blocker can undo it
 *   GET  conversation/block/{id}             a participant: {conversation_id, blocked_by_me, blocked_by_other}
 * The flags live on the conversation row (migration 011), which message/create reads anyway.
 */
import { type ConversationBlockState, conversationBlockSchema } from '@agrivet/shared';
import { type Request, Router } from 'express';
import type { AppContext } from '../context';
import type { ConversationRow } from '../db/types';
import { currentUser, requireAuth } from '../http/auth';
import { sendOk } from '../http/envelope';
import { forbidden, notFound } from '../http/errors';
import { acceptFormFields } from '../http/upload';
import { idParam, validate } from '../http/validate';
import { findConversationRow } from '../queries/conversations';
import { participantRole } from '../services/conversations';

const schema = conversationBlockSchema('ar');

const stateFor = (c: ConversationRow, side: 'sender' | 'receiver'): ConversationBlockState => ({
  conversation_id: c.id,
  blocked_by_me: (side === 'sender' ? c.blocked_by_sender : c.blocked_by_receiver) === 1,
  blocked_by_other: (side === 'sender' ? c.blocked_by_receiver : c.blocked_by_sender) === 1,
});

export function conversationBlockRoutes({ db }: AppContext): Router {
  const router = Router();

  const load = async (req: Request) => {
    const caller = currentUser(req);
    const id = idParam(req.params.id);
    if (id === null) throw notFound();
    const conversation = await findConversationRow(db, id);
    if (!conversation) throw notFound();
    const side = participantRole(conversation, caller.id);
    if (side === null) throw forbidden();
    return { conversation, side };
  };

  router.get('/block/:id', requireAuth, async (req, res) => {
    const { conversation, side } = await load(req);
    sendOk(res, stateFor(conversation, side));
  });

  router.post('/block/:id', requireAuth, acceptFormFields, async (req, res) => {
    const { conversation, side } = await load(req);
    const { blocked } = await validate(schema, req.body);
    const column = side === 'sender' ? 'blocked_by_sender' : 'blocked_by_receiver';
    await db
      .updateTable('conversations')
      .set({ [column]: blocked ? 1 : 0 })
      .where('id', '=', conversation.id)
      .execute();
    sendOk(res, stateFor({ ...conversation, [column]: blocked ? 1 : 0 }, side));
  });

  return router;
}
