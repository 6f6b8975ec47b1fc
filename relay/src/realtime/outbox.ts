/**
 * The outbox: every write is queued with a client_id and sent in order, one at a time, waiting for
 * its acknowledgement. A lost emission (time-out, disconnect) or an unavailable API (502-504, 408,
 * 429) is retried with exponential backoff and resent with the ORIGINAL client_id — the API makes
 * message and order writes idempotent by client_id. A refusal (other 4xx) leaves the outbox and is
 * reported. Items survive disconnects, and reloads when the storage persists them.
 */
import type { ApiResponse } from '@agrivet/shared';
import { newClientId } from './client-id';
import { Listeners } from './listeners';
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
  /** First retry delay (ms); doubles per attempt up to retryMaxMs, with ±20 % jitter. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** A 500 is a bug, not an outage: give up after this many. */
  maxServerErrors?: number;
}

type Waiter = (response: ApiResponse<unknown>) => void;

const isEnvelope = (r: unknown): r is ApiResponse<unknown> =>
  typeof r === 'object' && r !== null && typeof (r as { status?: unknown }).status === 'number';

/** Transient: worth sending again later. */
const isTransient = (status: number) => status === 408 || status === 429 || (status >= 502 && status <= 504);

export class Outbox {
  readonly changes = new Listeners<[OutboxChange]>();
  private items: OutboxItem[];
  private readonly waiters = new Map<string, Waiter>();
  private readonly serverErrors = new Map<string, number>();
  private readonly storage: OutboxStorage;
  private running = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly transport: OutboxTransport,
    private readonly options: OutboxOptions = {},
  ) {
    this.storage = options.storage ?? new MemoryOutboxStorage();
    this.items = this.storage.load().map((item) => ({ ...item, state: 'pending' as const }));
  }

  /** Items not yet acknowledged, oldest first. */
  list(): readonly OutboxItem[] {
    return this.items;
  }

  enqueue<E extends WriteEvent>(event: E, payload: WriteEvents[E]['payload']): Queued<E> {
    const item: OutboxItem<E> = {
      client_id: newClientId(),
      event,
      payload,
      state: 'pending',
      attempts: 0,
      queued_at: Date.now(),
    };
    const done = new Promise<ApiResponse<WriteEvents[E]['result']>>((resolve) => {
      this.waiters.set(item.client_id, resolve as Waiter);
    });
    this.items.push(item as OutboxItem);
    this.storage.save(this.items);
    this.changes.emit({ type: 'queued', item: item as OutboxItem });
    this.resume();
    return { item, done };
  }

  /** Drops every queued write (sign-out); their `done` promises settle with a 499 refusal. */
  clear(): void {
    const dropped = this.items;
    this.items = [];
    this.storage.save(this.items);
    for (const item of dropped) {
      item.state = 'failed';
      item.error = { status: 499, message: 'cancelled' };
      this.changes.emit({ type: 'failed', item });
      this.waiters.get(item.client_id)?.({ status: 499, error: { message: 'cancelled' } });
      this.waiters.delete(item.client_id);
    }
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
        this.changes.emit({ type: 'sending', item });
        const result = await this.transport.send(item);
        if (this.items[0] !== item) continue; // dropped meanwhile by clear()
        if (result.kind === 'ack') {
          const response = isEnvelope(result.response) ? result.response : { status: 500, error: { message: '' } };
          if (response.status === 200) {
            this.finish(item, response);
            continue;
          }
          if (this.isFinal(item, response.status)) {
            this.finish(item, response);
            continue;
          }
        }
        item.state = 'pending';
        this.changes.emit({ type: 'retry', item });
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
      return n >= (this.options.maxServerErrors ?? 5);
    }
    return status >= 400;
  }

  private finish(item: OutboxItem, response: ApiResponse<unknown>): void {
    this.items.shift();
    this.serverErrors.delete(item.client_id);
    if ('data' in response && response.status === 200) {
      item.state = 'sent';
      item.result = response.data as never;
    } else {
      item.state = 'failed';
      item.error = { status: response.status, ...('error' in response ? response.error : { message: '' }) };
    }
    this.storage.save(this.items);
    this.changes.emit({ type: item.state === 'sent' ? 'sent' : 'failed', item });
    this.waiters.get(item.client_id)?.(response);
    this.waiters.delete(item.client_id);
  }

  private backoff(attempts: number): number {
    const base = this.options.retryBaseMs ?? 500;
    const max = this.options.retryMaxMs ?? 15_000;
    const delay = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
    return delay * (0.8 + Math.random() * 0.4);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.wake = null;
        resolve();
      }
      this.wake = done;
    });
  }
}
