/**
 * quick-reply/getAll, create, update/{id}, delete/{id} (CONTRACT.md §8): a store account's saved
 * replies. `shortcut` is 1-30 letters or digits (a leading "/" is dropped), unique per store (409
 * `conflict` with `fields.shortcut`); `text` ≤ 1,000; at most 100 per store (422). An expired store
 * account keeps them: it may still reply in its chats.
 */
import { INBOX_LIMITS, inboxMessages, type QuickReply, quickReplySchema } from '@agrivet/shared';
import { Router } from 'express';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/errors';
import { nowIso, toCount } from '../db/time';
import { currentUser, requireAuth, requireStoreAccount } from '../http/auth';
import { sendOk } from '../http/envelope';
import { forbidden, HttpError, invalid, notFound } from '../http/errors';
import { acceptFormFields } from '../http/upload';
import { idParam, validate } from '../http/validate';

const schema = quickReplySchema('ar');

const present = (row: { id: number; shortcut: string; text: string }): QuickReply => ({
  id: row.id,
  shortcut: row.shortcut,
  text: row.text,
});

const shortcutTaken = () =>
  new HttpError(409, inboxMessages.ar.shortcutTaken, { shortcut: inboxMessages.ar.shortcutTaken }, 'conflict');

export function quickReplyRoutes({ db }: AppContext): Router {
  const router = Router();
  router.use(acceptFormFields);
  router.use(requireAuth, requireStoreAccount);

  const ownStoreId = async (userId: number): Promise<number | null> =>
    (await db.selectFrom('stores').select('id').where('user_id', '=', userId).executeTakeFirst())?.id ?? null;

  const mustHaveStore = async (userId: number): Promise<number> => {
    const id = await ownStoreId(userId);
    if (id === null) throw forbidden('notStoreAccount');
    return id;
  };

  /** The caller's own reply behind `/:id`, or 404 (another store's reply is not found either). */
  const findOwn = async (rawId: unknown, storeId: number) => {
    const id = idParam(rawId);
    if (id === null) throw notFound();
    const row = await db
      .selectFrom('quick_replies')
      .select(['id', 'shortcut', 'text'])
      .where('id', '=', id)
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  };

  router.get('/getAll', async (req, res) => {
    const storeId = await ownStoreId(currentUser(req).id);
    if (storeId === null) {
      sendOk(res, []);
      return;
    }
    const rows = await db
      .selectFrom('quick_replies')
      .select(['id', 'shortcut', 'text'])
      .where('store_id', '=', storeId)
      .orderBy('shortcut')
      .execute();
    sendOk(res, rows.map(present));
  });

  router.post('/create', async (req, res) => {
    const storeId = await mustHaveStore(currentUser(req).id);
    const body = await validate(schema, req.body);
    const now = nowIso();
    try {
      const row = await db.transaction().execute(async (trx) => {
        const { n } = await trx
          .selectFrom('quick_replies')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('store_id', '=', storeId)
          .executeTakeFirstOrThrow();
        if (toCount(n as number) >= INBOX_LIMITS.quickRepliesPerStore) {
          throw invalid({ shortcut: inboxMessages.ar.tooManyQuickReplies }, 'validation');
        }
        return trx
          .insertInto('quick_replies')
          .values({ store_id: storeId, shortcut: body.shortcut, text: body.text, created_at: now, updated_at: now })
          .returning(['id', 'shortcut', 'text'])
          .executeTakeFirstOrThrow();
      });
      sendOk(res, present(row));
    } catch (err) {
      if (isUniqueViolation(err)) throw shortcutTaken();
      throw err;
    }
  });

  router.post('/update/:id', async (req, res) => {
    const storeId = await mustHaveStore(currentUser(req).id);
    const current = await findOwn(req.params.id, storeId);
    const body = await validate(schema, req.body);
    try {
      const row = await db
        .updateTable('quick_replies')
        .set({ shortcut: body.shortcut, text: body.text, updated_at: nowIso() })
        .where('id', '=', current.id)
        .returning(['id', 'shortcut', 'text'])
        .executeTakeFirstOrThrow();
      sendOk(res, present(row));
    } catch (err) {
      if (isUniqueViolation(err)) throw shortcutTaken();
      throw err;
    }
  });

  router.post('/delete/:id', async (req, res) => {
    const storeId = await mustHaveStore(currentUser(req).id);
    const current = await findOwn(req.params.id, storeId);
    await db.deleteFrom('quick_replies').where('id', '=', current.id).execute();
    sendOk(res, { id: current.id });
  });

  return router;
}
