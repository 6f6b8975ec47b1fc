/**
 * Registers one client event: normalises the arguments (the acknowledgement may be missing),
 * checks the payload size, runs the handler, acknowledges with its envelope and never throws.
 * The whole handling (forwards, push, ack) is tracked in flight for a graceful shutdown.
 * The API's `error.code` decides (never its message text): `unauthenticated` (401) ends the session
 * of that token (its sockets on every relay; the user's other devices keep theirs);
 * `subscription_expired` (403, a disabled account) ends all of the user's sessions. Disconnected
 * sockets must authenticate again (a revoked token is then refused).
 */
import type { ApiResponse, ClientToServerEvents } from '@agrivet/shared';
import { codeOf, internalError, rateLimited, shuttingDown } from '../messages';
import { endTokenSessions, endUserSessions } from '../sessions';
import type { ConnectionContext, EventContext } from '../types';
import { checkSmall } from '../validate';

export type Handler = (payload: unknown, ctx: EventContext) => Promise<ApiResponse<unknown>>;

export interface EventOptions {
  /** Skip the small-payload cap (message:send checks its own parts). */
  large?: boolean;
}

/** Events one connection may have in flight at once; more are refused with 429. */
export const MAX_EVENTS_IN_FLIGHT_PER_SOCKET = 32;

export function onEvent(
  ctx: ConnectionContext,
  event: keyof ClientToServerEvents,
  handler: Handler,
  options: EventOptions = {},
): void {
  const listener = async (...args: unknown[]) => {
    const last = args[args.length - 1];
    const ack = typeof last === 'function' ? (last as (r: unknown) => void) : undefined;
    const payload = ack ? (args.length > 1 ? args[0] : undefined) : args[0];
    let response: ApiResponse<unknown>;
    try {
      const tooLarge = options.large ? null : checkSmall(payload);
      if (tooLarge) response = tooLarge;
      else if (ctx.closing()) response = shuttingDown();
      else if (ctx.busy.count >= MAX_EVENTS_IN_FLIGHT_PER_SOCKET) response = rateLimited();
      else {
        ctx.busy.count += 1;
        try {
          response = await handler(payload, ctx);
        } finally {
          ctx.busy.count -= 1;
        }
      }
    } catch (err) {
      ctx.logger.error({ err, event, user: ctx.user.id }, 'relay handler failed');
      response = internalError();
    }
    if (ack) {
      try {
        ack(response);
      } catch (err) {
        ctx.logger.warn({ err, event }, 'acknowledgement failed');
      }
    }
    try {
      const code = codeOf(response);
      if (code === 'unauthenticated') {
        ctx.logger.info({ user: ctx.user.id, status: response.status, event }, 'session ended by the API');
        endTokenSessions(ctx.io, ctx.socket.data.tokenHash);
      } else if (code === 'subscription_expired') {
        ctx.logger.info({ user: ctx.user.id, status: response.status, event }, 'account ended by the API');
        endUserSessions(ctx.io, ctx.user.id);
      }
    } catch (err) {
      ctx.logger.error({ err, event, user: ctx.user.id }, 'ending the session failed');
    }
  };
  ctx.socket.on(event, ((...args: unknown[]) => ctx.inFlight.track(listener(...args))) as never);
}
