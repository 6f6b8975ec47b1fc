/**
 * The outbox: every write is queued with a client_id and sent in order, one at a time, waiting for its
 * acknowledgement. A lost emission (time-out, disconnect) or an unavailable API (502-504, 408, 429) is
 * resent later with the ORIGINAL client_id — the API stores one message or order per client_id. A
 * refusal (other 4xx; a 500 after five) leaves the outbox and is reported. Items survive disconnects,
 * and reloads when the storage persists them. Several tabs may hold (and send) the same saved write:
 * the API answers its client_id with the first result, so it is still stored once.
 */
import { type ApiResponse, errorCodeForStatus, LIMITS } from '@agrivet/shared';
import { newClientId } from './client-id';
import { MemoryOutboxStorage, type OutboxStorage } from './storage';
import type { OutboxChange, OutboxItem, Queued, WriteEvent, WriteEvents } from './types';

export type SendResult = { kind: 'ack'; response: ApiResponse<unknown> } | { kind: 'lost' };

/** How the outbox reaches the relay (RealtimeClient provides it). */
export interface OutboxTransport {
  readonly connected: boolean;
  send(item: OutboxItem): Promise<SendResult>;
}

export interface OutboxOptions {
  storage?: OutboxStorage;
  /** First retry delay (ms); doubles per attempt up to retryMaxMs, ±20 % jitter. */
  retryBaseMs?: number;
  retryMaxMs?: number;
}

const MAX_SERVER_ERRORS = 5;

/** A caller's client_id is used when non-empty, at most LIMITS.clientIdMax long and not padded (the API trims). */
export const isUsableClientId = (id: unknown): id is string =>
  typeof id === 'string' && id.length > 0 && id.length <= LIMITS.clientIdMax && id.trim() === id;

const isEnvelope = (r: unknown): r is ApiResponse<unknown> =>
  typeof r === 'object' && r !== null && typeof (r as { status?: unknown }).status === 'number';

/** Worth sending again later. */
const isTransient = (status: number) => status === 408 || status === 429 || (status >= 502 && status <= 504);

export class Outbox {
  private items: OutboxItem[];
  private readonly waiters = new Map<
    string,
    { done: Promise<ApiResponse<unknown>>; resolve: (r: ApiResponse<unknown>) => void }
  >();
  private readonly serverErrors = new Map<string, number>();
  private readonly storage: OutboxStorage;
  private running = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly transport: OutboxTransport,
    private readonly onChange: (change: OutboxChange) => void,
    private readonly options: OutboxOptions = {},
  ) {
    this.storage = options.storage ?? new MemoryOutboxStorage();
    this.items = this.storage.load().map((item) => ({ ...item, state: 'pending' as const }));
  }

  /** Items not yet acknowledged, oldest first. */
  list(): readonly OutboxItem[] {
    return this.items;
  }

  /**
   * Queues a write under `clientId` when usable, else a fresh one. The client_id and event of a write
   * still queued (e.g. restored after a reload) queue nothing: that item and its `done` are returned.
   */
  enqueue<E extends WriteEvent>(event: E, payload: WriteEvents[E]['payload'], clientId?: string): Queued<E> {
    let client_id = isUsableClientId(clientId) ? clientId : newClientId();
    const queued = this.items.find((i) => i.client_id === client_id);
    if (queued?.event === event)
      return { item: queued as OutboxItem<E>, done: this.doneOf(client_id) as Queued<E>['done'] };
    if (queued) client_id = newClientId(); // another write's id: this one is a different write
    const item: OutboxItem<E> = { client_id, event, payload, state: 'pending', attempts: 0, queued_at: Date.now() };
    const done = this.doneOf(client_id) as Queued<E>['done'];
    this.items.push(item as OutboxItem);
    this.storage.put(item as OutboxItem);
    this.onChange({ type: 'queued', item: item as OutboxItem });
    this.resume();
    return { item, done };
  }

  private doneOf(clientId: string): Promise<ApiResponse<unknown>> {
    let waiter = this.waiters.get(clientId);
    if (!waiter) {
      let resolve!: (r: ApiResponse<unknown>) => void;
      const done = new Promise<ApiResponse<unknown>>((r) => {
        resolve = r;
      });
      waiter = { done, resolve };
      this.waiters.set(clientId, waiter);
    }
    return waiter.done;
  }

  /** Start (or continue at once) sending: call when the connection comes up. */
  resume(): void {
    if (this.wake) this.wake();
    else void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.transport.connected && this.items.length > 0) {
        const item = this.items[0];
        item.state = 'sending';
        item.attempts += 1;
        this.onChange({ type: 'sending', item });
        const result = await this.transport.send(item);
        if (result.kind === 'ack') {
          const response = isEnvelope(result.response)
            ? result.response
            : { status: 500, error: { code: 'internal' as const, message: '' } };
          if (response.status === 200 || this.isFinal(item, response.status)) {
            this.items.shift();
            this.storage.remove(item.client_id);
            this.leave(item, response.status === 200 ? 'sent' : 'failed', response);
            continue;
          }
        }
        item.state = 'pending';
        this.onChange({ type: 'retry', item });
        if (!this.transport.connected) break; // resume() restarts on reconnect
        await this.sleep(this.backoff(item.attempts));
      }
    } finally {
      this.running = false;
    }
  }

  private isFinal(item: OutboxItem, status: number): boolean {
    if (isTransient(status)) return false;
    if (status >= 500) {
      const n = (this.serverErrors.get(item.client_id) ?? 0) + 1;
      this.serverErrors.set(item.client_id, n);
      return n >= MAX_SERVER_ERRORS;
    }
    return status >= 400;
  }

  private leave(item: OutboxItem, type: 'sent' | 'failed', response: ApiResponse<unknown>): void {
    this.serverErrors.delete(item.client_id);
    item.state = type;
    if ('data' in response && response.status === 200) item.result = response.data as never;
    else {
      const { status } = response;
      item.error = {
        status,
        ...('error' in response ? response.error : { code: errorCodeForStatus(status), message: '' }),
      };
    }
    this.onChange({ type, item });
    const waiter = this.waiters.get(item.client_id);
    this.waiters.delete(item.client_id);
    waiter?.resolve(response);
  }

  private backoff(attempts: number): number {
    const base = this.options.retryBaseMs ?? 500;
    const delay = Math.min(this.options.retryMaxMs ?? 15_000, base * 2 ** Math.max(0, attempts - 1));
    return delay * (0.8 + Math.random() * 0.4);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
