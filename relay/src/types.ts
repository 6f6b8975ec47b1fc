import type { ClientToServerEvents, ServerToClientEvents, User } from '@agrivet/shared';
import type { Server, Socket } from 'socket.io';

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
  /** When it connected (ms since epoch): the socket cap closes the oldest first. */
  connectedAt: number;
}

// biome-ignore lint/complexity/noBannedTypes: socket.io's "no inter-server events" parameter
type NoEvents = {};
export type RelayServer = Server<ClientToServerEvents, ServerToClientEvents, NoEvents, SocketData>;
export type RelaySocket = Socket<ClientToServerEvents, ServerToClientEvents, NoEvents, SocketData>;
