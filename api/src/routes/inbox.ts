/**
 * conversation/inbox?filter&q&page_number (a store account: its store's conversations; the admin:
 * every store's) and conversation/resolve/{id} `{resolved}` (the store's account, the admin), CONTRACT.md §8.
 * Mounted under /conversation beside routes/conversations.ts. Resolving pushes
 * `conversation:updated` to the store's room and `admin`; a new customer message re-opens it
 * (services/inbox.ts).
 */
import {
  conversationResolveSchema,
  INBOX_FILTERS,
  type InboxFilter,
  isStoreAccount,
  rooms,
  validationMessages,
} from '@agrivet/shared';
import { Router } from 'express';
import type { AppContext } from '../context';
import { currentUser, isAdmin, requireAuth } from '../http/auth';
import { sendOk } from '../http/envelope';
import { forbidden, invalid, notFound } from '../http/errors';
import { paginate, readPaging } from '../http/paging';
import { acceptFormFields } from '../http/upload';
import { idParam, validate } from '../http/validate';
import { countInbox, findInboxRow, inboxPage, presentInboxRow } from '../queries/inbox';

const resolveSchema = conversationResolveSchema('ar');
const Q_MAX = 100;

export function inboxRoutes(ctx: AppContext): Router {
  const { db, media, events } = ctx;
  const router = Router();

  router.get('/inbox', requireAuth, async (req, res) => {
    const caller = currentUser(req);
    if (!isAdmin(caller) && !isStoreAccount(caller.type)) throw forbidden();
    const rawFilter = req.query.filter;
    const rawQ = req.query.q;
    const fields: Record<string, string> = {};
    if (rawFilter !== undefined && rawFilter !== '' && !INBOX_FILTERS.includes(rawFilter as InboxFilter)) {
      fields.filter = validationMessages.ar.invalidChoice;
    }
    if (rawQ !== undefined && typeof rawQ !== 'string') fields.q = validationMessages.ar.invalidChoice;
    else if (typeof rawQ === 'string' && rawQ.length > Q_MAX) fields.q = validationMessages.ar.textTooLong;
    // ?id=: that conversation's row alone, if it is in the caller's inbox (the one open in the store's chats)
    const rawId = req.query.id;
    const id = rawId === undefined ? undefined : typeof rawId === 'string' ? idParam(rawId) : null;
    if (id === null) fields.id = validationMessages.ar.invalidId;
    const paging = readPaging(req.query);
    if (Object.keys(fields).length > 0) throw invalid(fields);
    // by default the open conversations; one asked for by id, whatever its state
    const filter: InboxFilter = rawFilter ? (rawFilter as InboxFilter) : typeof id === 'number' ? 'all' : 'open';
    let storeId: number | null = null;
    if (!isAdmin(caller)) {
      const store = await db.selectFrom('stores').select('id').where('user_id', '=', caller.id).executeTakeFirst();
      // a store account without its store yet has an empty inbox
      storeId = store?.id ?? 0;
    }
    const scope = { storeId, filter, q: typeof rawQ === 'string' ? rawQ : '', id: id ?? undefined };
    const viewer = isAdmin(caller) ? null : caller.id;
    sendOk(
      res,
      await paginate(
        paging,
        () => countInbox(db, scope),
        inboxPage(db, viewer, scope),
        (rows) => rows.map((r) => presentInboxRow(r, media)),
      ),
    );
  });

  router.post('/resolve/:id', requireAuth, acceptFormFields, async (req, res) => {
    const caller = currentUser(req);
    const id = idParam(req.params.id);
    if (id === null) throw notFound();
    const row = await db
      .selectFrom('conversations')
      .select(['id', 'receiver_id', 'store_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    if (!isAdmin(caller) && row.receiver_id !== caller.id) throw forbidden();
    const body = await validate(resolveSchema, req.body);
    const changed = await db
      .updateTable('conversations')
      .set({ resolved: body.resolved ? 1 : 0 })
      .where('id', '=', row.id)
      .where('resolved', '=', body.resolved ? 0 : 1)
      .returning(['id'])
      .executeTakeFirst();
    const viewer = isAdmin(caller) ? null : caller.id;
    const full = await findInboxRow(db, viewer, row.id);
    if (!full) throw notFound();
    const conversation = presentInboxRow(full, media);
    if (changed) {
      // the rooms see the admin's view of it (no unread count of anyone's)
      const forRooms = presentInboxRow((await findInboxRow(db, null, row.id)) ?? full, media);
      await events.publish({
        event: 'conversation:updated',
        rooms: [rooms.store(row.store_id), rooms.admin],
        payload: { conversation: forRooms },
      });
    }
    sendOk(res, conversation);
  });

  return router;
}
