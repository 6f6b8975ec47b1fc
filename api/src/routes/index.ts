/** Every REST route under /api (CONTRACT.md §3). One module per resource. */
import { Router } from 'express';
import type { AppContext } from '../context';
import { loadUser } from '../http/auth';
import { apiNotFound } from '../http/error-handler';
import { authRoutes } from './auth';
import { healthRoutes } from './health';

export function apiRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(loadUser(ctx.db));
  router.use('/health', healthRoutes(ctx));
  router.use('/auth', authRoutes(ctx));
  router.use(apiNotFound);
  return router;
}
