/**
 * Tells the other API processes on the same PostgreSQL database that this one wrote (so their
 * response caches forget what they hold), over LISTEN/NOTIFY on one channel. Each process listens
 * on its own connection; while that connection is down (or not yet up) `onHeard(false)` is
 * reported and the process must not cache, since it would miss the others' writes. It reconnects
 * with a growing delay (at most 10 s).
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import pg from 'pg';

export const WRITE_CHANNEL = 'agrivet_api_writes';

export interface WriteFeed {
  /** Announces a local write (fire and forget). */
  announce(): void;
  close(): Promise<void>;
}

export function startWriteFeed(options: {
  url: string;
  /** The peers' writes: forget cached answers. */
  onPeerWrite: () => void;
  /** Whether the peers' writes can be heard right now. */
  onHeard: (heard: boolean) => void;
  /** Where announcements are sent (the API's pool). */
  notify: (channel: string, payload: string) => Promise<unknown>;
  logger: Logger;
}): WriteFeed {
  const self = randomBytes(8).toString('hex');
  let client: pg.Client | null = null;
  let closed = false;
  let delay = 250;
  let timer: NodeJS.Timeout | null = null;

  const lost = (err?: Error) => {
    options.onHeard(false);
    if (err) options.logger.warn({ err }, 'write feed: LISTEN connection lost; response cache off until it is back');
    const old = client;
    client = null;
    old?.removeAllListeners();
    old?.on('error', () => {});
    old?.end().catch(() => {});
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, 10_000);
  };

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: options.url });
    client = c;
    c.on('error', (err) => {
      if (client === c) lost(err);
    });
    c.on('end', () => {
      if (client === c && !closed) lost(new Error('connection ended'));
    });
    c.on('notification', (msg) => {
      if (msg.channel === WRITE_CHANNEL && msg.payload !== self) options.onPeerWrite();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${WRITE_CHANNEL}`);
      if (client !== c || closed) return;
      delay = 250;
      // writes made while we were deaf are unknown: start from an empty cache
      options.onPeerWrite();
      options.onHeard(true);
    } catch (err) {
      if (client === c) lost(err as Error);
    }
  };

  options.onHeard(false);
  void connect();

  // one NOTIFY in flight at a time; writes that end meanwhile are announced by one more after it
  let sending = false;
  let again = false;
  const send = () => {
    sending = true;
    options
      .notify(WRITE_CHANNEL, self)
      .catch((err) => options.logger.warn({ err }, 'write feed: NOTIFY failed'))
      .finally(() => {
        if (again && !closed) {
          again = false;
          send();
        } else sending = false;
      });
  };

  return {
    announce() {
      if (closed) return;
      if (sending) again = true;
      else send();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
