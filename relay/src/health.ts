/**
 * GET /health of the standalone relay: 200 when it can serve; 503 with a reason when REDIS_URL is
 * set and the adapter's pub/sub clients are not ready (pushes would not reach other instances),
 * so a load balancer takes this instance out until Redis is back.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Relay } from './index';
import { failure } from './messages';

export function healthOf(relay: Relay): { status: 200 | 503; body: unknown } {
  const redis = relay.redisState();
  const sockets = relay.io.engine.clientsCount;
  if (redis && !redis.ready) {
    return { status: 503, body: failure(503, 'internal', `redis adapter not ready: ${redis.reason}`) };
  }
  return { status: 200, body: { status: 200, data: { relay: 'ok', redis: redis ? 'ready' : 'off', sockets } } };
}

/** The standalone relay's HTTP answers besides socket.io: GET /health, else a 404 envelope. */
export function serveHttp(relay: Relay, req: IncomingMessage, res: ServerResponse): void {
  if (serveHealth(relay, req, res)) return;
  res.writeHead(404, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(failure(404, 'not_found', 'المسار غير موجود')));
}

/** Answers GET /health; false for any other request. */
export function serveHealth(relay: Relay, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' || req.url !== '/health') return false;
  const { status, body } = healthOf(relay);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
  return true;
}
