/**
 * At most `cap` sockets per account on all relays together (issue 23): a new connection beyond it
 * closes the account's OLDEST sockets, each told why first (SOCKET_REPLACED), then disconnected by
 * the server — a socket.io client does not reconnect after that by itself, and ours stops on the
 * notice. Counted through the adapter (with Redis: every relay's sockets of the user).
 */
import { rooms, SOCKET_REPLACED } from '@agrivet/shared';
import type { Logger } from 'pino';
import type { RelayServer, RelaySocket } from './types';

export const DEFAULT_SOCKETS_PER_USER = 10;

/** MAX_SOCKETS_PER_USER as a cap: a whole number ≥ 1, else the default. */
export function socketsPerUser(setting: string | undefined): number {
  const n = Number(setting);
  return setting && Number.isInteger(n) && n >= 1 ? n : DEFAULT_SOCKETS_PER_USER;
}

export async function enforceSocketCap(io: RelayServer, socket: RelaySocket, cap: number, logger: Logger) {
  const userId = socket.data.user.id;
  try {
    const open = await io.in(rooms.user(userId)).fetchSockets();
    if (open.length <= cap) return;
    const oldest = open
      .sort((a, b) => a.data.connectedAt - b.data.connectedAt || a.id.localeCompare(b.id))
      .slice(0, open.length - cap);
    for (const old of oldest) {
      old.emit(SOCKET_REPLACED, { reason: SOCKET_REPLACED, limit: cap });
      old.disconnect(true);
    }
    logger.info({ user: userId, closed: oldest.length, cap }, 'socket cap: closed the oldest sockets');
  } catch (err) {
    // another relay did not answer in time: this connection stays, the next one counts again
    logger.warn({ err, user: userId }, 'socket cap not checked');
  }
}
