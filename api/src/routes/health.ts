import { sql } from 'kysely';
import { Router } from 'express';
import type { AppContext } from '../context';
import { sendOk } from '../http/envelope';

export function healthRoutes({ db }: AppContext): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    await sql`select 1`.execute(db);
    sendOk(res, { db: 'ok' });
  });
  return router;
}
