/**
 * `npm run start:relay`: the relay alone on PORT (default 3001), forwarding to API_URL, sharing
 * rooms and hearing the API's events through REDIS_URL (without it no API event reaches it: only
 * `npm start`'s relay, in the API's own process, hears them there). MAX_SOCKETS_PER_USER caps each
 * account's sockets (default 10). GET /health answers 200, or 503 while the Redis adapter is down.
 * SIGTERM / SIGINT: new connections are refused, forwards in flight finish and are acknowledged,
 * then the process exits.
 */
import { createServer } from 'node:http';
import { httpServerTimeouts } from '@agrivet/shared';
import pino from 'pino';
import { serveHttp } from './health';
import { attachRelay, socketsPerUser } from './index';

const logger = pino({ name: 'relay', level: process.env.LOG_LEVEL ?? 'info' });
const port = Number(process.env.PORT || 3001);
const apiUrl = process.env.API_URL || 'http://127.0.0.1:8080/api';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  logger.fatal(`PORT must be a port number, got "${process.env.PORT}"`);
  process.exit(2);
}
if (!/^https?:\/\//.test(apiUrl)) {
  logger.fatal(`API_URL must be an http(s) URL, got "${apiUrl}"`);
  process.exit(2);
}

// slow or silent clients get 408 and are closed (shared/src/server-timeouts.ts, HTTP_*_TIMEOUT_MS)
const server = createServer(httpServerTimeouts(process.env), (req, res) => serveHttp(relay, req, res));
const relay = attachRelay(server, {
  apiUrl,
  redisUrl: process.env.REDIS_URL || undefined,
  maxSocketsPerUser: socketsPerUser(process.env.MAX_SOCKETS_PER_USER),
  logger,
});
if (!process.env.REDIS_URL) {
  logger.warn('no REDIS_URL: this relay hears no API events (run the API and the relays with the same REDIS_URL)');
}

relay.ready
  .then(() => server.listen(port, () => logger.info(`agrivet relay listening on :${port}, forwarding to ${apiUrl}`)))
  .catch((err: unknown) => {
    logger.fatal({ err }, 'relay could not start');
    process.exit(1);
  });

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: letting forwards in flight finish`);
  const force = setTimeout(() => process.exit(1), 20_000);
  force.unref();
  await relay.close();
  server.close(() => process.exit(0));
  server.closeIdleConnections();
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
