/**
 * RealtimeClient: the browser's (and tests') connection to the relay. Wraps socket.io-client with
 * a status, typed listeners, an outbox for writes (outbox.ts) and exactly-once, in-order message
 * delivery with re-sync of open conversations after every (re)connect and periodically while
 * online and visible (message-sync.ts). Browser and Node alike: no Node-only APIs.
 */
import {
  API_BASE,
  type ApiFailure,
  type ApiResponse,
  apiMessages,
  type ClientToServerEvents,
  LIMITS,
  type Message,
  SOCKET_PATH,
  SOCKET_UNAUTHORIZED,
  type ServerToClientEvents,
} from '@agrivet/shared';
import { io, type Socket } from 'socket.io-client';
import { fetchMessagesAfter } from './fetch-after';
import { Listeners } from './listeners';
import { MessageSync } from './message-sync';
import { Outbox, type SendResult } from './outbox';
import { isPageHidden, onBackOnline, onVisibilityChange } from './page-events';
import type { OutboxStorage } from './storage';
import type {
  ConnectionStatus,
  OutboxChange,
  OutboxItem,
  Queued,
  SendMessageInput,
  WriteEvent,
  WriteEvents,
  WriteOptions,
} from './types';

export interface RealtimeOptions {
  /** Where queued writes are kept (default: memory). Browser: LocalStorageOutboxStorage per user. */
  storage?: OutboxStorage;
  /** Base URL of the REST API for re-sync (default: `${origin}/api`). */
  apiUrl?: string;
  /** Default ['websocket']: the scaled deployment balances relays round-robin, without sticky sessions. */
  transports?: ('websocket' | 'polling' | 'webtransport')[];
  /** How long to wait for an acknowledgement before resending (ms, default 20 000). */
  ackTimeoutMs?: number;
  /** Outbox and re-sync retry backoff (ms). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** socket.io reconnection delays (ms, defaults 1 000 / 10 000). */
  reconnectionDelayMs?: number;
  reconnectionDelayMaxMs?: number;
  /** Below this many messages a re-sync page without has_more is the last one (default 50). */
  resyncPageSize?: number;
  /**
   * While online (and, in a browser, visible) each open conversation is re-synced this often,
   * ±20 % jitter (ms, default 30 000; 0 = only after (re)connects): a push lost between the
   * API's answer and a relay's publish still arrives.
   */
  resyncIntervalMs?: number;
  /** Live messages wait this long to be handed over in id order (ms, default 150; 0 = at once). */
  reorderWindowMs?: number;
  /**
   * An image message near the relay's frame cap (mayExceedFrameCap in outbox.ts) whose emission is
   * lost on this many fresh connections in a row (the relay drops the connection each time, e.g. a
   * frame over its size cap) fails with a 413 saying the connection keeps dropping, instead of
   * blocking the outbox forever (default 5). Every other write (orders, texts) is resent until
   * acknowledged.
   */
  maxLostSends?: number;
}

type PushEvent = keyof ServerToClientEvents;
type PushPayload<E extends PushEvent> = Parameters<ServerToClientEvents[E]>[0];
type AnySocket = Socket<ServerToClientEvents, ClientToServerEvents>;
/** Untyped view for emitting an event chosen at run time. */
type LooseEmitter = {
  timeout(ms: number): { emit(event: string, payload: unknown, ack: (err: Error | null, res: unknown) => void): void };
};

/** A write that is not queued (deleteMessage) found no connection or no acknowledgement. */
export const NOT_CONNECTED_AR = 'لا يوجد اتصال بالخادم، حاول مرة أخرى';

const transientSyncFailure = (status: number) => status !== 401 && status !== 403 && status !== 404;

export class RealtimeClient {
  private socket: AnySocket | null = null;
  /** What connect() was given (null before connect and after close). */
  private origin: string | null = null;
  private token = '';
  private apiUrl = '';
  private currentStatus: ConnectionStatus = 'offline';
  /** Bumped on every connect / disconnect, so work started on an old connection stops. */
  private connection = 0;
  private readonly outbox: Outbox;
  private readonly sync: MessageSync;
  private readonly statusListeners = new Listeners<[ConnectionStatus]>();
  private readonly sessionEndedListeners = new Listeners<[]>();
  private readonly syncErrorListeners = new Listeners<[number, ApiFailure]>();
  /** Listeners per server push, made on first use: every push of the contract reaches on(event). */
  private readonly pushListeners = new Map<PushEvent, Listeners<[unknown]>>();
  private readonly joinWaiters = new Map<number, ((r: ApiResponse<unknown>) => void)[]>();
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private unwatchPage: (() => void) | null = null;
  private resyncTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: RealtimeOptions = {}) {
    const isConnected = () => this.socket?.connected === true;
    const connection = () => this.connection;
    this.outbox = new Outbox(
      {
        get connected() {
          return isConnected();
        },
        get connection() {
          return connection();
        },
        send: (item) => this.emitWithAck(item.event, { ...item.payload, client_id: item.client_id }),
      },
      {
        storage: options.storage,
        retryBaseMs: options.retryBaseMs,
        retryMaxMs: options.retryMaxMs,
        maxLostSends: options.maxLostSends,
      },
    );
    this.sync = new MessageSync({
      deliver: (message) => this.pushListeners.get('message:new')?.emit({ message }),
      reorderMs: options.reorderWindowMs ?? 150,
    });
    this.outbox.changes.add((change) => {
      if (change.type === 'sent' && change.item.event === 'message:send' && change.item.result) {
        this.sync.receive(change.item.result as Message);
      }
    });
  }

  /** Connects (or reconnects with another token). `origin` like https://example.org; '' in tests is not allowed. */
  connect(origin: string, token: string): void {
    this.teardown();
    const base = origin.replace(/\/+$/, '');
    this.origin = origin;
    this.token = token;
    this.apiUrl = (this.options.apiUrl ?? `${base}${API_BASE}`).replace(/\/+$/, '');
    const socket: AnySocket = io(base, {
      path: SOCKET_PATH,
      auth: { token },
      transports: this.options.transports ?? ['websocket'],
      forceNew: true,
      autoConnect: false,
      reconnectionDelay: this.options.reconnectionDelayMs ?? 1_000,
      reconnectionDelayMax: this.options.reconnectionDelayMaxMs ?? 10_000,
    });
    this.socket = socket;
    socket.on('connect', () => this.onConnect(socket));
    socket.on('disconnect', (reason) => this.onDisconnect(socket, reason));
    socket.on('connect_error', (err) => this.onConnectError(socket, err));
    socket.io.on('reconnect_attempt', () => this.setStatus('connecting'));
    socket.on('message:new', (payload) => {
      if (payload?.message) this.sync.receive(payload.message);
    });
    // Every other push is handed on as it came (message:new goes through the ordered, de-duplicated sync).
    socket.onAny((event: string, payload: unknown) => {
      if (event !== 'message:new') this.pushListeners.get(event as PushEvent)?.emit(payload);
    });
    this.setStatus('connecting');
    socket.connect();
    this.watchPage(socket);
  }

  /**
   * Reconnects with the same token, so the relay resolves the user again and joins the rooms of
   * who they are now (rooms are chosen at connect time). Call it after the session user changed,
   * e.g. a store account created its store (then `order:new` reaches it). Open conversations are
   * re-joined and re-synced, unacknowledged writes resent with their client_id. No-op before
   * connect() and after close().
   */
  refreshIdentity(): void {
    if (this.origin !== null) this.connect(this.origin, this.token);
  }

  /**
   * Browsers: when the device comes back online or the page becomes visible, reconnect now instead
   * of at the next backoff step; while hidden, periodic re-sync pauses, and showing the page
   * re-syncs open conversations at once.
   */
  private watchPage(socket: AnySocket): void {
    const reconnectNow = () => {
      if (socket === this.socket && !socket.connected) {
        this.setStatus('connecting');
        socket.connect();
      }
    };
    const offOnline = onBackOnline(reconnectNow);
    const offVisibility = onVisibilityChange((visible) => {
      if (socket !== this.socket) return;
      if (!visible) return this.stopPeriodicResync();
      if (!socket.connected) return reconnectNow();
      this.catchUpAll(socket);
      this.schedulePeriodicResync(socket);
    });
    this.unwatchPage = () => {
      offOnline();
      offVisibility();
    };
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

  onStatus(listener: (status: ConnectionStatus) => void): () => void {
    return this.statusListeners.add(listener);
  }

  /** The relay refused the token (connect_error 'unauthorized'): sign the user out. */
  onSessionEnded(listener: () => void): () => void {
    return this.sessionEndedListeners.add(listener);
  }

  /** An open conversation could not be re-joined (403 / 404): it is no longer tracked. */
  onSyncError(listener: (conversationId: number, error: ApiFailure) => void): () => void {
    return this.syncErrorListeners.add(listener);
  }

  /** Server pushes. `message:new` is de-duplicated: each message id reaches listeners once. */
  on<E extends PushEvent>(event: E, listener: (payload: PushPayload<E>) => void): () => void {
    let listeners = this.pushListeners.get(event);
    if (!listeners) {
      listeners = new Listeners<[unknown]>();
      this.pushListeners.set(event, listeners);
    }
    return listeners.add(listener as (payload: unknown) => void);
  }

  // ---- conversations -------------------------------------------------------------------------

  /**
   * Tracks a conversation: joins its room now and after every reconnect, and delivers every message
   * after lastMessageId (the newest one the UI already shows; 0 = none) once, in order.
   * Resolves with the first join's acknowledgement.
   */
  openConversation(conversationId: number, lastMessageId = 0): Promise<ApiResponse<unknown>> {
    const answered = new Promise<ApiResponse<unknown>>((resolve) => {
      const list = this.joinWaiters.get(conversationId) ?? [];
      list.push(resolve);
      this.joinWaiters.set(conversationId, list);
    });
    if (!this.sync.isOpen(conversationId)) {
      this.sync.openConversation(conversationId, lastMessageId);
      if (this.socket?.connected) void this.syncConversation(conversationId, this.socket, this.connection);
    } else this.settleJoin(conversationId, { status: 200, data: { conversation_id: conversationId } });
    return answered;
  }

  /**
   * The ordered view of an open conversation: every message delivered since it was opened (the
   * newest 500), ascending by id, each once — whatever order pushes and re-syncs arrived in.
   */
  messages(conversationId: number): readonly Message[] {
    return this.sync.messages(conversationId);
  }

  closeConversation(conversationId: number): void {
    if (!this.sync.isOpen(conversationId)) return;
    this.sync.closeConversation(conversationId);
    if (this.socket?.connected) this.socket.emit('conversation:leave', { conversation_id: conversationId }, () => {});
  }

  /** Volatile: dropped when offline, never queued. */
  typing(conversationId: number, typing: boolean): void {
    if (this.socket?.connected) this.socket.volatile.emit('typing', { conversation_id: conversationId, typing });
  }

  // ---- writes (through the outbox) -----------------------------------------------------------

  // Each write takes an optional `options.client_id` (WriteOptions): the caller's id for the write,
  // used when valid (non-empty, at most LIMITS.clientIdMax characters), else generated. The returned
  // item's client_id is the one the outbox sends and reports.

  /**
   * An image over LIMITS.imageMaxBytes is refused at once (413, the API's Arabic message) and never
   * queued: the relay would drop the connection on such a frame and the write would block the outbox.
   */
  sendMessage(input: SendMessageInput, options?: WriteOptions): Queued<'message:send'> {
    if (input.image && input.image.byteLength > LIMITS.imageMaxBytes) {
      return this.outbox.refuse(
        'message:send',
        input,
        { status: 413, error: { code: 'too_large', message: apiMessages.ar.fileTooLarge } },
        options,
      );
    }
    return this.outbox.enqueue('message:send', input, options);
  }

  createOrder(input: WriteEvents['order:create']['payload'], options?: WriteOptions): Queued<'order:create'> {
    return this.outbox.enqueue('order:create', input, options);
  }

  updateOrder(input: WriteEvents['order:update']['payload'], options?: WriteOptions): Queued<'order:update'> {
    return this.outbox.enqueue('order:update', input, options);
  }

  markRead(input: WriteEvents['conversation:read']['payload'], options?: WriteOptions): Queued<'conversation:read'> {
    return this.outbox.enqueue('conversation:read', input, options);
  }

  /**
   * Deletes a message (`message:delete`, CONTRACT.md §7): the author within 15 minutes, the admin.
   * Not queued — a deletion is decided now or not at all (the window closes): offline, or without an
   * acknowledgement within `ackTimeoutMs`, it resolves with a 503 envelope (`code` `internal`) and the
   * caller may try again. The relay pushes `message:deleted` to both sides once the API agreed.
   */
  deleteMessage(messageId: number): Promise<ApiResponse<Message>> {
    return this.emitWithAck('message:delete', { message_id: messageId }).then((result) =>
      result.kind === 'ack'
        ? (result.response as ApiResponse<Message>)
        : { status: 503, error: { code: 'internal', message: NOT_CONNECTED_AR } },
    );
  }

  /** Writes not yet acknowledged, oldest first (show them as pending). */
  pending(): readonly OutboxItem[] {
    return this.outbox.list();
  }

  onOutbox(listener: (change: OutboxChange) => void): () => void {
    return this.outbox.changes.add(listener);
  }

  /** Sign-out: drops queued writes. */
  clearOutbox(): void {
    this.outbox.clear();
  }

  // ---- connection life cycle -----------------------------------------------------------------

  private setStatus(status: ConnectionStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    this.statusListeners.emit(status);
  }

  private teardown(): void {
    this.unwatchPage?.();
    this.unwatchPage = null;
    this.stopPeriodicResync();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.connection += 1;
    this.sync.markAllStale();
    const old = this.socket;
    this.socket = null;
    if (old) {
      old.removeAllListeners();
      old.io.removeAllListeners();
      old.disconnect();
    }
  }

  private onConnect(socket: AnySocket): void {
    if (socket !== this.socket) return;
    this.connection += 1;
    this.setStatus('online');
    this.outbox.resume();
    for (const id of this.sync.openConversations()) void this.syncConversation(id, socket, this.connection);
    this.schedulePeriodicResync(socket);
  }

  /** While online and visible: catch up every open conversation every resyncIntervalMs (±20 %). */
  private schedulePeriodicResync(socket: AnySocket): void {
    this.stopPeriodicResync();
    const every = this.options.resyncIntervalMs ?? 30_000;
    if (every <= 0 || socket !== this.socket || !socket.connected || isPageHidden()) return;
    this.resyncTimer = setTimeout(
      () => {
        this.resyncTimer = null;
        this.catchUpAll(socket);
        this.schedulePeriodicResync(socket);
      },
      every * (0.8 + 0.4 * Math.random()),
    );
  }

  private stopPeriodicResync(): void {
    if (this.resyncTimer) clearTimeout(this.resyncTimer);
    this.resyncTimer = null;
  }

  /** Fetches what was missed in each open conversation that is live (joined and synced) on this socket. */
  private catchUpAll(socket: AnySocket): void {
    if (socket !== this.socket || !socket.connected) return;
    for (const id of this.sync.openConversations()) {
      if (this.sync.isLive(id)) void this.syncConversation(id, socket, this.connection, 'catch-up');
    }
  }

  private onDisconnect(socket: AnySocket, reason: Socket.DisconnectReason): void {
    if (socket !== this.socket) return;
    this.connection += 1;
    this.stopPeriodicResync();
    this.sync.markAllStale();
    this.setStatus('offline');
    // The server ended the session (revoked token, disabled account, restart): authenticate again;
    // a refused token then ends in onSessionEnded.
    if (reason === 'io server disconnect') this.retryConnect(socket, 1);
  }

  private onConnectError(socket: AnySocket, err: Error): void {
    if (socket !== this.socket) return;
    if (err.message === SOCKET_UNAUTHORIZED) {
      // The session is over: coming back online or showing the page must not try this token again.
      this.unwatchPage?.();
      this.unwatchPage = null;
      this.setStatus('offline');
      this.sessionEndedListeners.emit();
      return;
    }
    this.setStatus(socket.active ? 'connecting' : 'offline');
    // Refused by the relay's middleware (API unreachable, relay closing): socket.io does not retry.
    if (!socket.active) this.retryConnect(socket, 2);
  }

  private retryConnect(socket: AnySocket, attempt: number): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const base = this.options.reconnectionDelayMs ?? 1_000;
    const delay = Math.min(this.options.reconnectionDelayMaxMs ?? 10_000, base * attempt) * (0.5 + Math.random());
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (socket === this.socket && !socket.connected) {
        this.setStatus('connecting');
        socket.connect();
      }
    }, delay);
  }

  private emitWithAck(
    event: WriteEvent | 'conversation:join' | 'message:delete',
    payload: unknown,
  ): Promise<SendResult> {
    const socket = this.socket;
    if (!socket?.connected) return Promise.resolve({ kind: 'lost' });
    return new Promise((resolve) => {
      (socket as unknown as LooseEmitter)
        .timeout(this.options.ackTimeoutMs ?? 20_000)
        .emit(event, payload, (err, response) =>
          resolve(err ? { kind: 'lost' } : { kind: 'ack', response: response as ApiResponse<unknown> }),
        );
    });
  }

  private settleJoin(conversationId: number, response: ApiResponse<unknown>): void {
    const waiters = this.joinWaiters.get(conversationId);
    this.joinWaiters.delete(conversationId);
    for (const resolve of waiters ?? []) resolve(response);
  }

  private delay(attempt: number): Promise<void> {
    const base = this.options.retryBaseMs ?? 500;
    const ms = Math.min(this.options.retryMaxMs ?? 15_000, base * 2 ** attempt);
    return new Promise((r) => setTimeout(r, ms));
  }

  /**
   * Fetches what was missed in one conversation. 'join' (after a (re)connect or open): joins its
   * room on this connection first and retries until it has everything. 'catch-up' (periodic, the
   * socket already sits in the room): one attempt — on a failure it hands over what it has and the
   * next period tries again, so live messages are not held back while the API is unreachable.
   */
  private async syncConversation(
    id: number,
    socket: AnySocket,
    connection: number,
    mode: 'join' | 'catch-up' = 'join',
  ): Promise<void> {
    const started = this.sync.beginSync(id, mode === 'join' ? 'reconnect' : 'catch-up');
    if (!started) return;
    let completed = true;
    const stillCurrent = () => this.connection === connection && socket === this.socket && this.sync.isOpen(id);
    if (mode === 'join' && !(await this.join(id, stillCurrent))) return;
    let afterId = started.afterId;
    for (let attempt = 0; stillCurrent(); ) {
      const page = await fetchMessagesAfter(this.apiUrl, this.token, id, afterId);
      if (!stillCurrent()) return;
      if ('error' in page) {
        if (!transientSyncFailure(page.status)) return this.dropConversation(id, page);
        if (mode === 'catch-up') {
          completed = false;
          break;
        }
        await this.delay(attempt++);
        continue;
      }
      const fresh = page.data.messages.filter((m) => m.id > afterId);
      this.sync.addFetched(id, fresh);
      // The API caps a re-sync page (500 today): a full page or has_more asks for the next one.
      const mayHaveMore = page.data.has_more || fresh.length >= (this.options.resyncPageSize ?? 50);
      if (fresh.length === 0 || !mayHaveMore) break;
      afterId = Math.max(...fresh.map((m) => m.id));
    }
    if (stillCurrent()) this.sync.finishSync(id, started.generation, completed);
  }

  /** Joins the conversation's room, retrying transient failures; false when it gave up or was dropped. */
  private async join(id: number, stillCurrent: () => boolean): Promise<boolean> {
    for (let attempt = 0; stillCurrent(); attempt++) {
      const joined = await this.emitWithAck('conversation:join', { conversation_id: id });
      if (!stillCurrent()) return false;
      if (joined.kind === 'ack') {
        this.settleJoin(id, joined.response);
        if (joined.response.status === 200) return true;
        if (!transientSyncFailure(joined.response.status)) {
          this.dropConversation(id, joined.response);
          return false;
        }
      }
      await this.delay(attempt);
    }
    return false;
  }

  private dropConversation(id: number, response: ApiResponse<unknown>): void {
    this.sync.closeConversation(id);
    if ('error' in response) this.syncErrorListeners.emit(id, response);
  }
}
