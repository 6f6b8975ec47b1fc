/**
 * GET /health of the standalone relay: 200 when it can serve; 503 with a reason when REDIS_URL is
 * set and the adapter's pub/sub clients are not ready (pushes would not reach other instances),
 * so a load balancer takes this instance out until Redis is back. Any other request: a 404 envelope.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Relay } from './index';
import { failure } from './messages';

export function serveHttp(relay: Relay, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' || req.url !== '/health') {
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(failure(404, 'not_found', 'المسار غير موجود')));
    return;
  }
  const redis = relay.redisState();
  const body =
    redis && !redis.ready
      ? failure(503, 'internal', `redis adapter not ready: ${redis.reason}`)
      : { status: 200, data: { relay: 'ok', redis: redis ? 'ready' : 'off', sockets: relay.io.engine.clientsCount } };
  res.writeHead(body.status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}
