/**
 * The outbox: every write is queued with a client_id and sent in order, one at a time, waiting for
 * its acknowledgement. A lost emission (time-out, disconnect) or an unavailable API (502-504, 408,
 * 429) is retried with exponential backoff and resent with the ORIGINAL client_id — the API makes
 * message and order writes idempotent by client_id. A refusal (other 4xx) leaves the outbox and is
 * reported. Items survive disconnects, and reloads when the storage persists them. Only an image
 * message big enough that the relay may refuse its frame (mayExceedFrameCap) can be given up on
 * after its connection keeps dropping; every other write (an order, a text) is resent until it is
 * acknowledged — the API may already have stored it, and dropping it would invite a duplicate.
 */
import { type ApiFailure, type ApiResponse, errorCodeForStatus, LIMITS } from '@agrivet/shared';
import { newClientId } from './client-id';
import { Listeners } from './listeners';
import { MemoryOutboxStorage, type OutboxStorage } from './storage';
import type {
  OutboxChange,
  OutboxItem,
  Queued,
  SendMessageInput,
  WriteEvent,
  WriteEvents,
  WriteOptions,
} from './types';

export type SendResult = { kind: 'ack'; response: ApiResponse<unknown> } | { kind: 'lost' };

/** How the outbox reaches the relay (RealtimeClient provides it). */
export interface OutboxTransport {
  readonly connected: boolean;
  /**
   * Identifies the current connection (changes on every reconnect). With it, a large image message
   * (mayExceedFrameCap) lost on maxLostSends fresh connections in a row fails, so a frame the relay
   * refuses cannot block the queue forever.
   */
  readonly connection?: number;
  send(item: OutboxItem): Promise<SendResult>;
}

export interface OutboxOptions {
  storage?: OutboxStorage;
  /** First retry delay (ms); doubles per attempt up to retryMaxMs, with ±20 % jitter. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** A 500 is a bug, not an outage: give up after this many. */
  maxServerErrors?: number;
  /**
   * A large image message (mayExceedFrameCap) whose emission is lost on this many different
   * connections in a row (each lost send dropped the connection: e.g. a frame the relay refuses)
   * fails with LOST_SEND_FAILURE (default 5). Other writes are never given up on this way.
   */
  maxLostSends?: number;
}

/**
 * Whether a write may serialise to a frame near or over the relay's frame cap
 * (LIMITS.socketMaxFrameBytes, its socket.io maxHttpBufferSize): an image message whose
 * worst-case size — the image as base64 (how long-polling carries binary, 4/3 of its bytes), the text
 * as 3-byte UTF-8 characters, 1 KiB of envelope — reaches the cap. Only such a write can be refused by
 * the relay's frame cap, so only it may fail after its connection keeps dropping.
 */
export function mayExceedFrameCap(item: Pick<OutboxItem, 'event' | 'payload'>): boolean {
  if (item.event !== 'message:send') return false;
  const { image, message } = item.payload as SendMessageInput;
  const bytes = image?.byteLength;
  if (typeof bytes !== 'number') return false;
  const estimate = Math.ceil(bytes / 3) * 4 + (typeof message === 'string' ? message.length : 0) * 3 + 1024;
  return estimate >= LIMITS.socketMaxFrameBytes;
}

/**
 * The outbox gave up on a large image message whose connection kept dropping while it was sent (the
 * relay may refuse its frame, or the link is too poor for it): 413, saying the connection keeps
 * dropping — the file is within the size limit, the user may retry on a better connection.
 */
export const LOST_SEND_FAILURE = {
  status: 413,
  code: 'too_large',
  message: 'انقطع الاتصال مراراً أثناء إرسال الصورة، يرجى المحاولة من جديد عبر اتصال أفضل',
} as const;

/** A write dropped by clear() (sign-out): status 499, never sent again. */
const CANCELLED = { code: 'internal', message: 'cancelled' } as const;

type Waiter = (response: ApiResponse<unknown>) => void;

/**
 * A caller's client_id is used as given when it is a non-empty string of at most LIMITS.clientIdMax
 * characters without surrounding whitespace (the API trims, so a padded id would be stored as another
 * one); anything else gets a fresh id.
 */
export function isUsableClientId(id: unknown): id is string {
  return typeof id === 'string' && id.length > 0 && id.length <= LIMITS.clientIdMax && id.trim() === id;
}

const pickClientId = (options?: WriteOptions) =>
  isUsableClientId(options?.client_id) ? options.client_id : newClientId();

const isEnvelope = (r: unknown): r is ApiResponse<unknown> =>
  typeof r === 'object' && r !== null && typeof (r as { status?: unknown }).status === 'number';

/** Transient: worth sending again later. */
const isTransient = (status: number) => status === 408 || status === 429 || (status >= 502 && status <= 504);

export class Outbox {
  readonly changes = new Listeners<[OutboxChange]>();
  private items: OutboxItem[];
  private readonly waiters = new Map<string, Waiter>();
  /** The `done` promise of each queued item that has a waiter (see enqueue). */
  private readonly dones = new Map<string, Promise<ApiResponse<unknown>>>();
  private readonly serverErrors = new Map<string, number>();
  /** Per large image item (mayExceedFrameCap): consecutive lost sends, and the connection of the last one counted. */
  private readonly lostSends = new Map<string, { count: number; connection: number }>();
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

  /**
   * Queues a write. `options.client_id` (the caller's, e.g. generated up front with newClientId so it
   * is known before the item is queued) is used when usable (isUsableClientId), else one is generated.
   * The same client_id and event as an item still queued (e.g. one restored from storage) queue
   * nothing: the API would answer it as that write, so the caller gets that item and its `done`.
   */
  enqueue<E extends WriteEvent>(event: E, payload: WriteEvents[E]['payload'], options?: WriteOptions): Queued<E> {
    let client_id = pickClientId(options);
    const queued = this.items.find((i) => i.client_id === client_id);
    if (queued?.event === event)
      return { item: queued as OutboxItem<E>, done: this.doneOf(queued) as Queued<E>['done'] };
    if (queued) client_id = newClientId(); // another write's id: this one is a different write
    const item: OutboxItem<E> = {
      client_id,
      event,
      payload,
      state: 'pending',
      attempts: 0,
      queued_at: Date.now(),
    };
    const done = this.doneOf(item as OutboxItem) as Queued<E>['done'];
    this.items.push(item as OutboxItem);
    this.storage.save(this.items);
    this.changes.emit({ type: 'queued', item: item as OutboxItem });
    this.resume();
    return { item, done };
  }

  /** The promise that settles when `item` leaves the outbox (created on first request). */
  private doneOf(item: OutboxItem): Promise<ApiResponse<unknown>> {
    let done = this.dones.get(item.client_id);
    if (!done) {
      done = new Promise<ApiResponse<unknown>>((resolve) => this.waiters.set(item.client_id, resolve));
      this.dones.set(item.client_id, done);
    }
    return done;
  }

  /**
   * An item refused before it was queued (e.g. an image over the size limit): it never enters the
   * outbox or its storage; listeners see it queued then failed, `done` settles with `response`.
   */
  refuse<E extends WriteEvent>(
    event: E,
    payload: WriteEvents[E]['payload'],
    response: ApiFailure,
    options?: WriteOptions,
  ): Queued<E> {
    const item: OutboxItem<E> = {
      client_id: pickClientId(options),
      event,
      payload,
      state: 'failed',
      attempts: 0,
      queued_at: Date.now(),
      error: { status: response.status, ...response.error },
    };
    this.changes.emit({ type: 'failed', item: item as OutboxItem });
    return { item, done: Promise.resolve(response) };
  }

  /** Drops every queued write (sign-out); their `done` promises settle with a 499 refusal. */
  clear(): void {
    const dropped = this.items;
    this.items = [];
    this.storage.save(this.items);
    for (const item of dropped) {
      item.state = 'failed';
      item.error = { status: 499, ...CANCELLED };
      this.changes.emit({ type: 'failed', item });
      this.settle(item.client_id, { status: 499, error: CANCELLED });
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
        const connection = this.transport.connection;
        const result = await this.transport.send(item);
        if (this.items[0] !== item) continue; // dropped meanwhile by clear()
        if (result.kind === 'lost' && this.lostTooOften(item, connection)) {
          const { status, code, message } = LOST_SEND_FAILURE;
          this.finish(item, { status, error: { code, message } });
          continue;
        }
        if (result.kind === 'ack') {
          this.lostSends.delete(item.client_id);
          const response = isEnvelope(result.response)
            ? result.response
            : { status: 500, error: { code: 'internal' as const, message: '' } };
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

  /**
   * Counts a lost send of a large image message made on a connection that has since gone (at most one
   * per connection). Any other write is never given up on: it is resent until acknowledged.
   */
  private lostTooOften(item: OutboxItem, connection: number | undefined): boolean {
    if (!mayExceedFrameCap(item)) return false;
    if (connection === undefined || this.transport.connection === connection) return false; // time-out, still connected
    const last = this.lostSends.get(item.client_id);
    if (last?.connection === connection) return false;
    const count = (last?.count ?? 0) + 1;
    this.lostSends.set(item.client_id, { count, connection });
    return count >= (this.options.maxLostSends ?? 5);
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
    this.lostSends.delete(item.client_id);
    if ('data' in response && response.status === 200) {
      item.state = 'sent';
      item.result = response.data as never;
    } else {
      item.state = 'failed';
      const { status } = response;
      item.error = {
        status,
        ...('error' in response ? response.error : { code: errorCodeForStatus(status), message: '' }),
      };
    }
    this.storage.save(this.items);
    this.changes.emit({ type: item.state === 'sent' ? 'sent' : 'failed', item });
    this.settle(item.client_id, response);
  }

  private settle(clientId: string, response: ApiResponse<unknown>): void {
    this.waiters.get(clientId)?.(response);
    this.waiters.delete(clientId);
    this.dones.delete(clientId);
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
