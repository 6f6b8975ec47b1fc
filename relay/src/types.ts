import type { ClientToServerEvents, ServerToClientEvents, User } from '@agrivet/shared';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import type { ApiClient } from './api-client';
import type { InFlight } from './in-flight';
import type { ParticipantsCache } from './participants';

/**
 * What the auth middleware stores on each socket (serialisable: other relay instances read it through
 * the Redis adapter, so never the raw token — that stays on this relay, see auth.ts SocketTokens).
 */
export interface SocketData {
  user: User;
  /** SHA-256 hex of the token (as the API stores it): the socket's `session:{hash}` room. */
  tokenHash: string;
  /** When the token expires unless used again (ms since epoch, from auth/user): re-checked then. */
  expiresAt?: number;
}

// biome-ignore lint/complexity/noBannedTypes: socket.io's "no inter-server events" parameter
type NoEvents = {};
export type RelayServer = Server<ClientToServerEvents, ServerToClientEvents, NoEvents, SocketData>;
export type RelaySocket = Socket<ClientToServerEvents, ServerToClientEvents, NoEvents, SocketData>;

/** Everything an event handler needs about the server and the connection it serves. */
export interface EventContext {
  io: RelayServer;
  socket: RelaySocket;
  api: ApiClient;
  participants: ParticipantsCache;
  logger: Logger;
  user: User;
  /** Call options for the API: the caller's own token and address. */
  caller: { token: string; forwardedFor?: string };
  /** Conversations this socket joined through `conversation:join` (typing is allowed only there). */
  joined: Set<number>;
}

/** What the event wrapper (on-event.ts) needs besides the handler's context. */
export interface ConnectionContext extends EventContext {
  closing: () => boolean;
  /** Events in flight on the whole relay (graceful shutdown waits for them). */
  inFlight: InFlight;
  /** Events in flight on this connection. */
  busy: { count: number };
}
