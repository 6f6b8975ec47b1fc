/** socket.io clients for tests: typed, with promise helpers for acks and pushes. */
import type { ApiResponse, ClientToServerEvents, ServerToClientEvents } from '@agrivet/shared';
import { io, type Socket } from 'socket.io-client';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export function connect(url: string, token: unknown): Promise<TestSocket> {
  const socket: TestSocket = io(url, {
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Emits an event and resolves with its acknowledgement. */
export function call<T = unknown>(socket: TestSocket, event: string, payload?: unknown): Promise<ApiResponse<T>> {
  return (socket as unknown as { timeout(ms: number): { emitWithAck(e: string, p: unknown): Promise<ApiResponse<T>> } })
    .timeout(10_000)
    .emitWithAck(event, payload);
}

/** Records every push a socket receives, by event name. */
export class Recorder {
  readonly events: { event: string; payload: unknown }[] = [];
  constructor(socket: TestSocket) {
    socket.onAny((event: string, payload: unknown) => this.events.push({ event, payload }));
  }
  of<T = unknown>(event: string): T[] {
    return this.events.filter((e) => e.event === event).map((e) => e.payload as T);
  }
  clear(): void {
    this.events.length = 0;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until check() is truthy (or fails after timeoutMs). */
export async function until<T>(check: () => T, timeoutMs = 5_000, what = 'condition'): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}
