/**
 * Web Push (CONTRACT.md §7): GET push/key (anyone: the VAPID public key), POST push/subscribe
 * (signed in; idempotent by endpoint — the endpoint's row moves to the caller and this session),
 * POST push/unsubscribe (signed in; the caller's own subscription of that endpoint, if any).
 * Endpoints: https: on a public DNS name, default port (services/push.ts, net/addresses.ts);
 * http://127.0.0.1:<port> too when PUSH_ALLOW_LOOPBACK=1. At most 10 per account (the least recently
 * used goes).
 */
import {
  apiMessages,
  type PushKey,
  type PushSubscriptionBody,
  pushSubscribeSchema,
  pushUnsubscribeSchema,
} from '@agrivet/shared';
import { Router } from 'express';
import type { AppContext } from '../context';
import { currentUser, requireAuth } from '../http/auth';
import { sendOk } from '../http/envelope';
import { invalid } from '../http/errors';
import { acceptFormFields } from '../http/upload';
import { validate } from '../http/validate';

const subscribeSchema = pushSubscribeSchema('ar');
const unsubscribeSchema = pushUnsubscribeSchema('ar');

export function pushRoutes({ push }: AppContext): Router {
  const router = Router();
  router.use(acceptFormFields);

  router.get('/key', (_req, res) => {
    const data: PushKey = { public_key: push.publicKey };
    sendOk(res, data);
  });

  router.post('/subscribe', requireAuth, async (req, res) => {
    const caller = currentUser(req);
    const body = (await validate(subscribeSchema, req.body)) as PushSubscriptionBody;
    const problem = push.endpointProblem(body.endpoint);
    if (problem) throw invalid({ endpoint: apiMessages.ar[problem] });
    await push.subscribe(caller.id, req.authTokenId ?? null, body);
    sendOk(res, { endpoint: body.endpoint, subscribed: true });
  });

  router.post('/unsubscribe', requireAuth, async (req, res) => {
    const caller = currentUser(req);
    const body = await validate(unsubscribeSchema, req.body);
    await push.unsubscribe(caller.id, body.endpoint);
    sendOk(res, { endpoint: body.endpoint, subscribed: false });
  });
  return router;
}
