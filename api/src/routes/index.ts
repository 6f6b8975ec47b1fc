/** Every REST route under /api (CONTRACT.md §3). One module per resource; app.ts mounts them after `loadUser`. */
import { Router } from 'express';
import type { AppContext } from '../context';
import { apiNotFound } from '../http/error-handler';
import { authRoutes } from './auth';
import { adminRoutes } from './admin';
import { conversationBlockRoutes } from './conversation-blocks';
import { conversationRoutes } from './conversations';
import { healthRoutes } from './health';
import { inboxRoutes } from './inbox';
import { messageRoutes } from './messages';
import { orderRoutes } from './orders';
import { postRoutes } from './posts';
import { productRoutes } from './products';
import { pushRoutes } from './push';
import { quickReplyRoutes } from './quick-replies';
import { searchRoutes } from './search';
import { statsRoutes } from './stats';
import { storeRoutes } from './stores';
import { uploadRoutes } from './uploads';
import { reportRoutes } from './reports';
import { subscriptionRoutes } from './subscriptions';
import { userRoutes } from './users';

export function apiRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use('/health', healthRoutes(ctx));
  router.use('/auth', authRoutes(ctx));
  router.use('/user', userRoutes(ctx));
  router.use('/store', storeRoutes(ctx));
  router.use('/post', postRoutes(ctx));
  router.use('/product', productRoutes(ctx));
  router.use('/search', searchRoutes(ctx));
  router.use('/conversation', inboxRoutes(ctx));
  router.use('/conversation', conversationRoutes(ctx));
  router.use('/quick-reply', quickReplyRoutes(ctx));
  router.use('/message', messageRoutes(ctx));
  router.use('/upload', uploadRoutes(ctx));
  router.use('/push', pushRoutes(ctx));
  router.use('/order', orderRoutes(ctx));
  router.use('/stats', statsRoutes(ctx));
  router.use('/conversation', conversationBlockRoutes(ctx));
  router.use('/subscription', subscriptionRoutes(ctx));
  router.use('/report', reportRoutes(ctx));
  router.use('/admin', adminRoutes(ctx));
  router.use(apiNotFound);
  return router;
}
