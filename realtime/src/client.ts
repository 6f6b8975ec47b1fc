/**
 * RealtimeClient: a socket.io-client connection to the relay with a status, typed pushes, an outbox
 * for writes (outbox.ts) and one re-sync per open conversation after each reconnect: the join itself
 * carries `after_id`, so the relay's one GET both checks access and returns what was missed. Every
 * message reaches `message:new` listeners once (pushes, acknowledgements of our own sends and re-syncs
 * may overlap); message ids order a thread, so nothing is held back to reorder. Browser and Node alike.
 */
import {
  type ApiResponse,
  type ClientToServerEvents,
  type ConversationWithMessages,
  type Message,
  SOCKET_PATH,
  SOCKET_REPLACED,
  SOCKET_UNAUTHORIZED,
  type ServerToClientEvents,
} from '@agrivet/shared';
import { io, type Socket } from 'socket.io-client';
import { Listeners } from './listeners';
import { Outbox, type SendResult } from './outbox';
import type { OutboxStorage } from './storage';
import type { ConnectionStatus, OutboxChange, OutboxItem, Queued, WriteEvent, WriteEvents } from './types';

export interface RealtimeOptions {
  /** Where listeners are kept (default: this client's own); the web client passes the one it made at start. */
  listeners?: Listeners;
  /** Where queued writes are kept (default: memory). Browser: LocalStorageOutboxStorage per user. */
  storage?: OutboxStorage;
  /** Default ['websocket']: the scaled deployment balances relays round-robin, without sticky sessions. */
  transports?: ('websocket' | 'polling' | 'webtransport')[];
  /** How long to wait for an acknowledgement before resending (ms, default 20 000). */
  ackTimeoutMs?: number;
  /** Outbox and join retry backoff (ms, defaults 500 / 15 000). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** socket.io reconnection delays (ms, defaults 1 000 / 10 000). */
  reconnectionDelayMs?: number;
  reconnectionDelayMaxMs?: number;
}

export interface WriteOptions {
  /** The write's client_id when the caller chose it (e.g. a photo picked before a reload). */
  client_id?: string;
}

type PushEvent = keyof ServerToClientEvents;
type PushPayload<E extends PushEvent> = Parameters<ServerToClientEvents[E]>[0];
type AnySocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type JoinAck = ApiResponse<ConversationWithMessages>;

/** A write that is not queued (deleteMessage) found no connection or no acknowledgement. */
export const NOT_CONNECTED_AR = 'لا يوجد اتصال بالخادم، حاول مرة أخرى';
/** A re-sync asks again for this many of the newest ids delivered (pushes may overtake each other). */
const RESYNC_OVERLAP = 20;
/** Message ids remembered to deliver each once. */
const SEEN_MAX = 5_000;

export class RealtimeClient {
  private socket: AnySocket | null = null;
  private origin: string | null = null;
  private token = '';
  private currentStatus: ConnectionStatus = 'offline';
  private readonly outbox: Outbox;
  private readonly listeners: Listeners;
  /** Open conversation id → the newest ids delivered (ascending, at most RESYNC_OVERLAP), or the floor given. */
  private readonly open = new Map<number, number[]>();
  /** Conversations opened while offline: what answers their caller if they close before a join does. */
  private readonly waitingJoin = new Map<number, Set<(response: JoinAck) => void>>();
  private readonly seen = new Set<number>();
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** The relay replaced this socket (SOCKET_REPLACED): do not reconnect. */
  private closedForGood = false;

  constructor(private readonly options: RealtimeOptions = {}) {
    this.listeners = options.listeners ?? new Listeners();
    const self = this;
    this.outbox = new Outbox(
      {
        get connected() {
          return self.socket?.connected === true;
        },
        send: (item) => this.emitWithAck(item.event, { ...item.payload, client_id: item.client_id }),
      },
      (change) => {
        // Our own stored message reaches message:new too (once), even if its push was lost.
        if (change.type === 'sent' && change.item.event === 'message:send' && change.item.result) {
          this.deliver(change.item.result as Message);
        }
        this.listeners.fire('outbox', change);
      },
      options,
    );
  }

  /** Connects (again, with another token: the old socket is dropped). `origin` like https://example.org. */
  connect(origin: string, token: string): void {
    this.teardown();
    this.origin = origin;
    this.token = token;
    const socket: AnySocket = io(origin.replace(/\/+$/, ''), {
      path: SOCKET_PATH,
      auth: { token },
      transports: this.options.transports ?? ['websocket'],
      forceNew: true,
      reconnectionDelay: this.options.reconnectionDelayMs ?? 1_000,
      reconnectionDelayMax: this.options.reconnectionDelayMaxMs ?? 10_000,
    });
    this.socket = socket;
    this.setStatus('connecting');
    socket.on('connect', () => {
      this.setStatus('online');
      // Re-sync first, then resend: a queued message's answer must not land in a thread that still
      // lacks what the other side wrote meanwhile (its read pointer would pass their messages).
      const joins = [...this.open.keys()].map((id) => this.join(id, socket));
      const enough = new Promise((r) => setTimeout(r, this.options.ackTimeoutMs ?? 20_000));
      void Promise.race([Promise.allSettled(joins), enough]).then(() => {
        if (socket === this.socket) this.outbox.resume();
      });
    });
    socket.on('disconnect', (reason) => {
      this.setStatus('offline');
      // The server ended the session (revoked token, disabled account, restart): authenticate again —
      // a refused token then ends in onSessionEnded — unless it said not to come back.
      if (reason === 'io server disconnect' && !this.closedForGood) this.retryLater(socket);
    });
    socket.on('connect_error', (err) => {
      if (err.message === SOCKET_UNAUTHORIZED) {
        this.setStatus('offline');
        // the relay passes on the API's words for why (a session ended, an account blocked)
        const { data } = err as Error & { data?: { message?: unknown } };
        this.listeners.fire('session-ended', typeof data?.message === 'string' ? data.message : undefined);
        return;
      }
      this.setStatus(socket.active ? 'connecting' : 'offline');
      // Refused by the relay's middleware (API unreachable, relay closing): socket.io does not retry.
      if (!socket.active) this.retryLater(socket);
    });
    socket.io.on('reconnect_attempt', () => this.setStatus('connecting'));
    socket.onAny((event: string, payload: unknown) => {
      // The account opened more sockets than the relay allows: a newer one (another tab or device)
      // took this one's place. Stay offline; a reconnect would only close the next oldest.
      if (event === SOCKET_REPLACED) this.closedForGood = true;
      if (event === 'message:new') this.deliver((payload as PushPayload<'message:new'>).message);
      else this.listeners.fire(event, payload);
    });
  }

  /** The device is back online: try now instead of at the next backoff step. */
  reconnectNow(): void {
    const socket = this.socket;
    if (!socket || socket.connected || this.closedForGood) return;
    this.setStatus('connecting');
    // While socket.io waits out its backoff, connect() alone does nothing: close the manager first.
    socket.disconnect().connect();
  }

  /** Reconnects with the same token so the relay joins the rooms of who the user is now (e.g. a new store). */
  refreshIdentity(): void {
    if (this.origin !== null) this.connect(this.origin, this.token);
  }

  /** Disconnects for good (queued writes stay in the outbox and its storage). */
  close(): void {
    this.teardown();
    this.origin = null;
    this.setStatus('offline');
  }

  get status(): ConnectionStatus {
    return this.currentStatus;
  }

  onStatus(fn: (status: ConnectionStatus) => void): () => void {
    return this.listeners.on('status', fn);
  }

  /**
   * The relay refused the token (connect_error 'unauthorized'): sign the user out. `reason` is the API's
   * message when the relay passed one on (e.g. «تم حظر هذا الحساب، تواصل مع الدعم»).
   */
  onSessionEnded(fn: (reason: string | undefined) => void): () => void {
    return this.listeners.on('session-ended', fn);
  }

  /** Every answer of a join (the first and each re-sync): the conversation with the messages it brought. */
  onJoin(fn: (conversationId: number, response: JoinAck) => void): () => void {
    return this.listeners.on('join', (a: [number, JoinAck]) => fn(a[0], a[1]));
  }

  /** Server pushes; `message:new` reaches listeners once per message id. */
  on<E extends PushEvent>(event: E, fn: (payload: PushPayload<E>) => void): () => void {
    return this.listeners.on(event, fn);
  }

  onOutbox(fn: (change: OutboxChange) => void): () => void {
    return this.listeners.on('outbox', fn);
  }

  // ---- conversations -------------------------------------------------------------------------

  /**
   * Joins the conversation's room now and after every reconnect; each join brings the messages after
   * `lastMessageId` (the newest one shown; 0 = the whole history) to `message:new`, once each.
   * Resolves with the first join's acknowledgement (403 / 404 for no access: no longer tracked).
   */
  openConversation(conversationId: number, lastMessageId = 0): Promise<JoinAck> {
    if (!this.open.has(conversationId)) this.open.set(conversationId, [lastMessageId]);
    if (this.socket?.connected) return this.join(conversationId, this.socket);
    // Offline: answered by the first join after the connection comes back, or by closing it first.
    return new Promise((resolve) => {
      const waiting = this.waitingJoin.get(conversationId) ?? new Set();
      this.waitingJoin.set(conversationId, waiting);
      const off = this.onJoin((id, response) => {
        if (id === conversationId) settle(response);
      });
      const settle = (response: JoinAck) => {
        off();
        waiting.delete(settle);
        if (waiting.size === 0 && this.waitingJoin.get(conversationId) === waiting)
          this.waitingJoin.delete(conversationId);
        resolve(response);
      };
      waiting.add(settle);
    });
  }

  closeConversation(conversationId: number): void {
    // a caller still waiting for the join of a conversation opened offline gets "not connected" now,
    // and its join listener goes with it
    for (const settle of [...(this.waitingJoin.get(conversationId) ?? [])]) {
      settle({ status: 503, error: { code: 'internal', message: NOT_CONNECTED_AR } });
    }
    if (!this.open.delete(conversationId)) return;
    if (this.socket?.connected) this.socket.emit('conversation:leave', { conversation_id: conversationId }, () => {});
  }

  /** Volatile: dropped when offline, never queued. */
  typing(conversationId: number, typing: boolean): void {
    if (this.socket?.connected) this.socket.volatile.emit('typing', { conversation_id: conversationId, typing });
  }

  // ---- writes --------------------------------------------------------------------------------

  write<E extends WriteEvent>(event: E, payload: WriteEvents[E]['payload'], options?: WriteOptions): Queued<E> {
    return this.outbox.enqueue(event, payload, options?.client_id);
  }

  sendMessage(input: WriteEvents['message:send']['payload'], options?: WriteOptions): Queued<'message:send'> {
    return this.write('message:send', input, options);
  }

  createOrder(input: WriteEvents['order:create']['payload'], options?: WriteOptions): Queued<'order:create'> {
    return this.write('order:create', input, options);
  }

  updateOrder(input: WriteEvents['order:update']['payload'], options?: WriteOptions): Queued<'order:update'> {
    return this.write('order:update', input, options);
  }

  /**
   * `message:delete` now, not queued (the author's 15 minutes do not wait for a reconnect): offline or
   * without an acknowledgement, a 503 envelope (`internal`, NOT_CONNECTED_AR).
   */
  async deleteMessage(messageId: number): Promise<ApiResponse<Message>> {
    const result = await this.emitWithAck('message:delete', { message_id: messageId });
    return result.kind === 'ack'
      ? (result.response as ApiResponse<Message>)
      : { status: 503, error: { code: 'internal', message: NOT_CONNECTED_AR } };
  }

  /** Writes not yet acknowledged, oldest first. */
  pending(): readonly OutboxItem[] {
    return this.outbox.list();
  }

  // ---- internals -----------------------------------------------------------------------------

  private setStatus(status: ConnectionStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    this.listeners.fire('status', status);
  }

  /** Hands a message to message:new listeners unless it was delivered before. */
  private deliver(message: Message | undefined): void {
    if (!message || this.seen.has(message.id)) return;
    this.seen.add(message.id);
    if (this.seen.size > SEEN_MAX) this.seen.delete(this.seen.values().next().value as number);
    const newest = this.open.get(message.conversation_id);
    if (newest && message.id > newest[0]) {
      newest.push(message.id);
      newest.sort((a, b) => a - b);
      if (newest.length > RESYNC_OVERLAP) newest.shift();
    }
    this.listeners.fire('message:new', { message });
  }

  private teardown(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.closedForGood = false;
    const old = this.socket;
    this.socket = null;
    if (old) {
      old.removeAllListeners();
      old.io.removeAllListeners();
      old.disconnect();
    }
  }

  private retryLater(socket: AnySocket, attempt = 1): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const delay = Math.min(
      this.options.reconnectionDelayMaxMs ?? 10_000,
      (this.options.reconnectionDelayMs ?? 1_000) * attempt,
    );
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        if (socket === this.socket && !socket.connected) {
          this.setStatus('connecting');
          socket.connect();
        }
      },
      delay * (0.5 + Math.random()),
    );
  }

  /** socket.io's own acknowledgement with a time-out: no answer in time, or the connection dropped, is 'lost'. */
  private async emitWithAck(
    event: WriteEvent | 'conversation:join' | 'message:delete',
    payload: unknown,
  ): Promise<SendResult> {
    // Untyped here: each caller's payload is typed by WriteEvents or its own signature.
    const socket = this.socket as Socket | null;
    if (!socket?.connected) return { kind: 'lost' };
    try {
      const response = await socket.timeout(this.options.ackTimeoutMs ?? 20_000).emitWithAck(event, payload);
      return { kind: 'ack', response: response as ApiResponse<unknown> };
    } catch {
      return { kind: 'lost' };
    }
  }

  /**
   * Joins the room with `after_id` (the oldest of the newest ids delivered): the acknowledgement carries
   * the conversation, the messages after it and the ids of those before it deleted since — the one
   * request of a re-sync. A full page (has_more)
   * asks again from its newest message. Transient failures are retried while this socket lives.
   */
  private async join(id: number, socket: AnySocket): Promise<JoinAck> {
    for (let attempt = 0; ; attempt++) {
      const afterId = this.open.get(id)?.[0] ?? 0;
      const result = await this.emitWithAck('conversation:join', { conversation_id: id, after_id: afterId });
      const stillHere = socket === this.socket && this.open.has(id);
      if (result.kind === 'ack') {
        const response = result.response as JoinAck;
        if ('data' in response && response.status === 200) {
          const messages = [...(response.data.messages ?? [])].sort((a, b) => a.id - b.id);
          // Deleted while this socket could not hear it: one delivered before (the overlap of a
          // re-sync) or one at or before `after_id` (deleted_ids) gets its message:deleted now.
          const deleted = new Set(response.data.deleted_ids ?? []);
          for (const m of messages) if (m.deleted && this.seen.has(m.id)) deleted.add(m.id);
          for (const m of messages) if (m.id > afterId) this.deliver(m);
          for (const messageId of deleted) {
            this.listeners.fire('message:deleted', { conversation_id: id, message_id: messageId });
          }
          this.listeners.fire('join', [id, response]);
          const newest = messages[messages.length - 1]?.id ?? 0;
          if (stillHere && socket.connected && response.data.has_more && newest > afterId) {
            this.open.set(id, [newest]);
            continue;
          }
          return response;
        }
        if (response.status === 401 || response.status === 403 || response.status === 404) {
          this.open.delete(id);
          this.listeners.fire('join', [id, response]);
          return response;
        }
      }
      if (!stillHere || !socket.connected)
        return { status: 503, error: { code: 'internal', message: NOT_CONNECTED_AR } };
      const base = this.options.retryBaseMs ?? 500;
      await new Promise((r) => setTimeout(r, Math.min(this.options.retryMaxMs ?? 15_000, base * 2 ** attempt)));
    }
  }
}
