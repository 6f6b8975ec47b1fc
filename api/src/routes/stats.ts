/** stats/store (store account: its own store's figures) and stats/admin (admin: the whole site). */
import { Router } from 'express';
import type { AppContext } from '../context';
import { currentUser, requireAdmin, requireAuth, requireStoreAccount } from '../http/auth';
import { sendOk } from '../http/envelope';
import { clockOf } from '../services/inbox';
import { adminStats, storeStats } from '../services/stats';

export function statsRoutes({ db, dialect, config }: AppContext): Router {
  const router = Router();
  const clock = clockOf(config);

  router.get('/store', requireAuth, requireStoreAccount, async (req, res) => {
    const caller = currentUser(req);
    const store = await db.selectFrom('stores').select('id').where('user_id', '=', caller.id).executeTakeFirst();
    // a store account without its store yet gets zeros (and its unread chats, if any)
    sendOk(res, await storeStats(db, dialect, { userId: caller.id, storeId: store?.id ?? null }, clock()));
  });

  router.get('/admin', requireAuth, requireAdmin, async (_req, res) => {
    sendOk(res, await adminStats(db, dialect, clock()));
  });

  return router;
}
