/** A store account acting from another device: a socket.io client on the relay (CONTRACT.md §4). */
import { io, type Socket } from 'socket.io-client';
import { serverUrl } from './fixtures';

export async function connectRelay(token: string): Promise<Socket> {
  const socket = io(serverUrl(), { path: '/socket.io', auth: { token }, transports: ['websocket'], forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

export function emitWithAck<T>(socket: Socket, event: string, payload: unknown): Promise<{ status: number; data?: T }> {
  return new Promise((resolve) => socket.emit(event, payload, resolve));
}
