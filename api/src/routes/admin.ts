/** admin/audit?page_number (admin): every admin action, newest first (CONTRACT.md §8, services/audit.ts). */
import { Router } from 'express';
import type { AppContext } from '../context';
import { toCount } from '../db/time';
import { requireAdmin, requireAuth } from '../http/auth';
import { sendOk } from '../http/envelope';
import { paginate, readPaging } from '../http/paging';
import { type AuditRow, presentAudit } from '../presenters/oversight';

export function adminRoutes({ db }: AppContext): Router {
  const router = Router();
  router.get('/audit', requireAuth, requireAdmin, async (req, res) => {
    const paging = readPaging(req.query);
    const page = await paginate(
      paging,
      async () =>
        toCount(
          (
            await db
              .selectFrom('admin_audit')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n as number,
        ),
      (limit, offset) =>
        db
          .selectFrom('admin_audit as a')
          .leftJoin('users as actor', 'actor.id', 'a.actor_id')
          .select([
            'a.id',
            'a.actor_id',
            'actor.name as actor_name',
            'a.action',
            'a.target_type',
            'a.target_id',
            'a.detail',
            'a.created_at',
          ])
          .orderBy('a.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
      (rows) => rows.map((r) => presentAudit(r as AuditRow)),
    );
    sendOk(res, page);
  });
  return router;
}
