/**
 * conversation/getAll (admin, paged), get-My-Conv (the caller's, newest activity first),
 * get/{id}?after_id&before_id (participant or admin), create (signed in, idempotent),
 * update/{id} (participant: read / delivered pointers; a participant's get marks what it returns
 * as delivered), delete/{id} (admin). A pointer that moved is published to the relays
 * (events/conversations.ts).
 */
import { conversationCreateSchema, conversationReadSchema, validationMessages } from '@agrivet/shared';
import { type Request, Router } from 'express';
import type { AppContext } from '../context';
import { recordAudit } from '../services/audit';
import { toCount } from '../db/time';
import type { ConversationRow } from '../db/types';
import { type AuthUser, currentUser, isAdmin, mustNameCaller, requireAdmin, requireAuth } from '../http/auth';
import { acceptFormFields } from '../http/upload';
import { sendOk } from '../http/envelope';
import { forbidden, invalid, invalidField, notFound } from '../http/errors';
import { paginate, queryInt, readPaging } from '../http/paging';
import { idParam, validate } from '../http/validate';
import { presentConversation, presentConversationWithMessages } from '../presenters/conversation';
import { presentMessage } from '../presenters/message';
import { findConversationRow, selectConversations, selectMyConversations } from '../queries/conversations';
import {
  deleteConversation,
  findOrCreateConversation,
  isParticipant,
  markPointers,
  messageWindow,
  participantRole,
} from '../services/conversations';
import { isStorableId } from '../services/ids';
import { conversationRead } from '../events/conversations';

const createSchema = conversationCreateSchema('ar');
const readSchema = conversationReadSchema('ar');

export function conversationRoutes({ db, images, media, events }: AppContext): Router {
  const router = Router();
  // form-data bodies as well as JSON (CONTRACT.md §3)
  router.use(acceptFormFields);

  /** The conversation row behind `/:id`, or 404. */
  const findRow = async (rawId: unknown) => {
    const id = idParam(rawId);
    if (id === null) throw notFound();
    const row = await findConversationRow(db, id);
    if (!row) throw notFound();
    return row;
  };

  /** The full row for the caller: a participant sees their unread count, the admin 0. */
  const loadFor = async (row: ConversationRow, caller: AuthUser) => {
    const viewer = isParticipant(row, caller) ? caller.id : null;
    const full = await selectConversations(db, viewer).where('conversations.id', '=', row.id).executeTakeFirst();
    if (!full) throw notFound();
    return full;
  };

  router.get('/getAll', requireAuth, requireAdmin, async (req, res) => {
    const paging = readPaging(req.query);
    const page = await paginate(
      paging,
      async () =>
        toCount(
          (
            await db
              .selectFrom('conversations')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n as number,
        ),
      (limit, offset) =>
        selectConversations(db, null)
          .orderBy('conversations.updated_at', 'desc')
          .orderBy('conversations.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
      (rows) => rows.map((row) => presentConversation(row, media)),
    );
    sendOk(res, page);
  });

  router.get('/get-My-Conv', requireAuth, async (req, res) => {
    const caller = currentUser(req);
    const rows = await selectMyConversations(db, caller.id);
    sendOk(
      res,
      rows.map((row) => presentConversation(row, media)),
    );
  });

  const readRange = (req: Request) => {
    const afterId = queryInt(req.query, 'after_id');
    const beforeId = queryInt(req.query, 'before_id');
    return { afterId, beforeId };
  };

  router.get('/get/:id', requireAuth, async (req, res) => {
    const caller = currentUser(req);
    const row = await findRow(req.params.id);
    if (!isAdmin(caller) && !isParticipant(row, caller)) throw forbidden();
    const range = readRange(req);
    const window = await messageWindow(db, row.id, range);
    // Opening or re-syncing: what reaches a participant is delivered to them.
    const who = participantRole(row, caller.id);
    const newest = window.messages.at(-1)?.id;
    const moved = who !== null && newest !== undefined && (await markPointers(db, row, who, { delivered: newest }));
    const full = await loadFor(row, caller);
    if (moved) await events.publish(conversationRead(presentConversation(full, media), caller.id));
    sendOk(
      res,
      presentConversationWithMessages(
        full,
        window.messages.map((m) => presentMessage(m, media)),
        window.hasMore,
        media,
        window.deletedIds,
      ),
    );
  });

  router.post('/create', requireAuth, async (req, res) => {
    const caller = currentUser(req);
    const body = await validate(createSchema, req.body);
    mustNameCaller(caller, body.sender_id);
    const senderId = body.sender_id ?? caller.id;
    if (senderId !== caller.id) {
      // the admin starting a conversation for someone: that someone must exist
      const sender = isStorableId(senderId)
        ? await db.selectFrom('users').select('id').where('id', '=', senderId).executeTakeFirst()
        : undefined;
      if (!sender) throw invalid({ sender_id: validationMessages.ar.invalidId });
    }
    if (!isStorableId(body.store_id)) throw notFound();
    const store = await db
      .selectFrom('stores')
      .select(['id', 'user_id'])
      .where('id', '=', body.store_id)
      .executeTakeFirst();
    if (!store) throw notFound();
    if (body.receiver_id !== undefined && body.receiver_id !== store.user_id) {
      throw invalid({ receiver_id: validationMessages.ar.invalidId });
    }
    if (store.user_id === senderId) throw invalidField('store_id', 'cannotChatSelf');
    const id = await findOrCreateConversation(db, senderId, store);
    sendOk(res, presentConversation(await loadFor(await findRow(String(id)), caller), media));
  });

  router.post('/update/:id', requireAuth, async (req, res) => {
    const caller = currentUser(req);
    const row = await findRow(req.params.id);
    const who = participantRole(row, caller.id);
    if (who === null) throw forbidden();
    const body = await validate(readSchema, req.body);
    const pointers = { read: body.last_read_message_id, delivered: body.last_delivered_message_id };
    const moved = await markPointers(db, row, who, pointers);
    const conversation = presentConversation(await loadFor(row, caller), media);
    if (moved) await events.publish(conversationRead(conversation, caller.id));
    sendOk(res, conversation);
  });

  router.post('/delete/:id', requireAuth, requireAdmin, async (req, res) => {
    const row = await findRow(req.params.id);
    const paths = await deleteConversation(db, row.id);
    for (const path of paths) await images.remove(path);
    await recordAudit(db, {
      actorId: currentUser(req).id,
      action: 'conversation.delete',
      targetType: 'conversation',
      targetId: row.id,
      detail: { sender_id: row.sender_id, receiver_id: row.receiver_id, store_id: row.store_id },
    });
    sendOk(res, { id: row.id });
  });

  return router;
}
