/**
 * The API's events to this relay's sockets (CONTRACT.md §8). The API publishes each committed change
 * once ({event, rooms, payload}, api/src/events/); every relay hears it — in process for `npm start`,
 * on the Redis channel API_EVENTS_CHANNEL when REDIS_URL is set — and emits it to ITS OWN sockets in
 * those rooms only (`io.local`, never back through the adapter), so each socket gets it once however
 * many relays there are and however many of the rooms it is in.
 */
import { API_EVENTS_CHANNEL, type ApiEvent, SOCKET_REPLACED } from '@agrivet/shared';
import type { Logger } from 'pino';
import type { RedisLink } from './redis';
import type { RelayServer } from './types';

export function deliverHere(io: RelayServer, event: ApiEvent): void {
  io.local.to(event.rooms).emit(event.event, event.payload as never);
}

/** The relay's own events are never taken from the channel. */
const ownEvents = new Set<string>(['typing', SOCKET_REPLACED]);

const isApiEvent = (value: unknown): value is ApiEvent => {
  const e = value as { event?: unknown; rooms?: unknown; payload?: unknown } | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.event === 'string' &&
    !ownEvents.has(e.event) &&
    Array.isArray(e.rooms) &&
    e.rooms.every((room) => typeof room === 'string') &&
    typeof e.payload === 'object'
  );
};

/** Listens on API_EVENTS_CHANNEL (its own subscriber connection); resolves once subscribed. */
export async function listenForEvents(io: RelayServer, redis: RedisLink, logger: Logger): Promise<void> {
  await redis.subscribe(API_EVENTS_CHANNEL, (message) => {
    let event: unknown;
    try {
      event = JSON.parse(message);
    } catch {
      event = undefined;
    }
    if (isApiEvent(event)) deliverHere(io, event);
    else logger.warn({ message: message.slice(0, 200) }, 'ignored a malformed event');
  });
}
