/**
 * The live connection — the client's one realtime module. It owns one `RealtimeClient`
 * (@agrivet/realtime, on socket.io-client, loaded only once someone signs in) and gives the app:
 * - the connection status (`useRealtime(s => s.status)`) and the writes still queued (`outbox`);
 * - typed subscriptions to the server's pushes (`onRealtime`, ServerToClientEvents of shared/socket.ts):
 *   the api modules apply them to the query cache with setQueryData (api/conversations.ts);
 * - writes through the outbox (`write`): kept in localStorage per user and write, sent with their
 *   client_id until acknowledged — across drops and reloads, exactly once (the API stores one message
 *   or order per client_id); every tab resumes the saved writes when it starts;
 * - `onOutboxResult`: how each write left the outbox (this page's or one restored after a reload).
 * The browser's online state comes from TanStack's onlineManager: back online reconnects at once.
 */
import { newClientId } from '@agrivet/realtime/client-id';
import { Listeners } from '@agrivet/realtime/listeners';
import type { ConnectionStatus, OutboxItem, RealtimeClient, WriteEvent, WriteEvents } from '@agrivet/realtime';
import {
  type ApiResponse,
  type ConversationWithMessages,
  isApiSuccess,
  type Message,
  type SOCKET_REPLACED,
  type ServerToClientEvents,
} from '@agrivet/shared';
import { onlineManager } from '@tanstack/react-query';
import { create } from 'zustand';
import { env } from '@/config/env';
import { i18n } from '@/i18n';
import { apiErrorFromFailure } from '@/lib/api-failure';
import { useSession } from './session';

export type { ConnectionStatus, WriteEvent };
export type WritePayload<E extends WriteEvent> = WriteEvents[E]['payload'];
export type WriteResult<E extends WriteEvent> = WriteEvents[E]['result'];

/** A write still queued, as the UI shows it. */
export interface OutboxEntry {
  client_id: string;
  event: WriteEvent;
  payload: Record<string, unknown>;
  state: 'pending' | 'failed';
  /** Epoch ms when the write was made. */
  created_at: number;
}

/** How a write left the outbox: acknowledged (with its result) or refused (the UI-language message). */
export type OutboxResultListener = (
  client_id: string,
  outcome: 'sent' | 'failed',
  detail: { event: WriteEvent; result?: unknown; error?: string },
) => void;

type EventName = Exclude<keyof ServerToClientEvents, typeof SOCKET_REPLACED>;

interface RealtimeState {
  status: ConnectionStatus | 'idle';
  outbox: OutboxEntry[];
  connect: (token: string, userId: number) => Promise<void>;
  disconnect: () => void;
  /**
   * Queues a write; `result` resolves with the API's data or rejects with its error (UI language). The
   * returned client_id is the outbox's — also for a write made while the connection code still loads.
   */
  write: <E extends WriteEvent>(
    event: E,
    payload: WritePayload<E>,
    clientId?: string,
  ) => { client_id: string; result: Promise<WriteResult<E>> };
  /** `message:delete` now (not queued); rejects with the UI-language error (offline: a connection error). */
  deleteMessage: (messageId: number) => Promise<Message>;
  typing: (conversationId: number, typing: boolean) => void;
  /** Joins the room now and after every reconnect; each join brings the messages after `lastSeenId`. */
  openConversation: (conversationId: number, lastSeenId: number) => void;
  closeConversation: (conversationId: number) => void;
  /** After the signed-in user changed role or store: rejoin the relay's rooms without losing state. */
  refreshIdentity: () => void;
}

/** Where a user's queued writes are kept: one localStorage key per write. */
export const outboxPrefix = (userId: number) => `agrivet:outbox:${userId}:`;

let rt: RealtimeClient | null = null;
let rtToken: string | null = null;
let rtUserId: number | null = null;
let offs: (() => void)[] = [];
/** Writes made while the connection code was loading, handed over in order once it exists. */
let deferred: { write: (c: RealtimeClient) => void; cancel: () => void }[] = [];
/**
 * The app's listeners — pushes, joins, outbox results — from the start, across connections: each
 * RealtimeClient fires into them directly.
 */
const listeners = new Listeners();
/** Conversations on screen (id → newest message id shown): joined when the connection appears. */
const openConversations = new Map<number, number>();

const toEntry = (item: OutboxItem): OutboxEntry => ({
  client_id: item.client_id,
  event: item.event,
  payload: item.payload as unknown as Record<string, unknown>,
  state: item.state === 'failed' ? 'failed' : 'pending',
  created_at: item.queued_at,
});

const failureOf = (response: ApiResponse<unknown>, operation: string) =>
  'error' in response ? apiErrorFromFailure(response, { operation }) : new Error(i18n.t('errors.requestFailed'));

/** Saved writes of an older version (one array per tab under `outbox:{userId}[:{tab}]`), moved to one key each. */
function migrateOldOutboxes(userId: number): void {
  try {
    const old = Object.keys(localStorage).filter((k) => k === `outbox:${userId}` || k.startsWith(`outbox:${userId}:`));
    for (const key of old) {
      const items = JSON.parse(localStorage.getItem(key) ?? '[]') as OutboxItem[];
      for (const item of Array.isArray(items) ? items : []) {
        if (item?.client_id) localStorage.setItem(outboxPrefix(userId) + item.client_id, JSON.stringify(item));
      }
      localStorage.removeItem(key);
      localStorage.removeItem(key.replace(/^outbox:/, 'outbox-alive:'));
    }
  } catch {
    // unreadable: nothing to move
  }
}

/** Whether a write is saved in this browser (any tab's): it will be sent by whichever tab runs first. */
export function isWriteSaved(userId: number, clientId: string): boolean {
  try {
    return localStorage.getItem(outboxPrefix(userId) + clientId) !== null;
  } catch {
    return false;
  }
}

export const useRealtime = create<RealtimeState>((set) => ({
  status: 'idle',
  outbox: [],
  connect: async (token, userId) => {
    if (rtToken === token) return;
    useRealtime.getState().disconnect();
    rtToken = token;
    set({ status: 'connecting' });
    // socket.io-client loads only for signed-in users.
    const { LocalStorageOutboxStorage, RealtimeClient } = await import('@agrivet/realtime');
    if (rtToken !== token) return;
    migrateOldOutboxes(userId);
    const c = new RealtimeClient({ storage: new LocalStorageOutboxStorage(outboxPrefix(userId)), listeners });
    rt = c;
    const showOutbox = () => set({ outbox: c.pending().map(toEntry) });
    offs = [
      c.onStatus((status) => set({ status })),
      // the relay's reason is the API's (Arabic) refusal: in the UI language like a request's
      c.onSessionEnded((reason) =>
        useSession
          .getState()
          .clear(
            apiErrorFromFailure(
              { status: 401, error: { code: 'unauthenticated', message: reason } },
              { withToken: true },
            ).message,
          ),
      ),
      c.onOutbox(({ type, item }) => {
        if (type === 'sent' || type === 'failed') {
          const detail = {
            event: item.event,
            result: item.result,
            error: item.error && failureOf({ status: item.error.status, error: item.error }, item.event).message,
          };
          listeners.fire('result', [item.client_id, type, detail]);
        }
        showOutbox();
      }),
      onlineManager.subscribe((online) => {
        if (online) c.reconnectNow();
      }),
    ];
    // Writes made while loading go first, in order.
    const waiting = deferred;
    deferred = [];
    for (const d of waiting) d.write(c);
    rtUserId = userId; // every saved write of this user is in the outbox now
    for (const [id, lastSeenId] of openConversations) void c.openConversation(id, lastSeenId);
    showOutbox();
    c.connect(env.socketOrigin, token);
  },
  disconnect: () => {
    for (const off of offs) off();
    offs = [];
    rt?.close();
    rt = null;
    rtToken = null;
    rtUserId = null;
    const waiting = deferred;
    deferred = [];
    for (const d of waiting) d.cancel();
    set({ status: 'idle', outbox: [] });
  },
  write: (event, payload, clientId) => {
    type R = WriteResult<typeof event>;
    const send = (c: RealtimeClient, client_id = clientId) => {
      const { item, done } = c.write(event, payload, { client_id });
      const result = done.then((response) => {
        if (isApiSuccess(response)) return response.data as R;
        throw failureOf(response, event);
      });
      return { client_id: item.client_id, result };
    };
    if (rt) return send(rt);
    if (rtToken === null) return { client_id: '', result: Promise.reject(new Error(i18n.t('errors.connection'))) };
    // Still loading the connection code: the client_id is chosen now and the outbox takes it as is.
    const client_id = clientId ?? newClientId();
    const result = new Promise<R>((resolve, reject) => {
      deferred.push({
        write: (c) => send(c, client_id).result.then(resolve, reject),
        cancel: () => reject(new Error(i18n.t('errors.connection'))),
      });
    });
    return { client_id, result };
  },
  deleteMessage: async (messageId) => {
    if (!rt) throw new Error(i18n.t('errors.connection'));
    const response = await rt.deleteMessage(messageId);
    if (isApiSuccess(response)) return response.data;
    throw failureOf(response, 'message:delete');
  },
  typing: (conversationId, typing) => rt?.typing(conversationId, typing),
  openConversation: (conversationId, lastSeenId) => {
    openConversations.set(conversationId, lastSeenId);
    void rt?.openConversation(conversationId, lastSeenId);
  },
  closeConversation: (conversationId) => {
    openConversations.delete(conversationId);
    rt?.closeConversation(conversationId);
  },
  refreshIdentity: () => rt?.refreshIdentity(),
}));

/** The user whose connection this is, once its outbox holds every saved write (null before, or none). */
export const realtimeUserId = (): number | null => rtUserId;

/** Whether a conversation is on screen (joined): its messages re-sync through the join after a reconnect. */
export const isConversationOpen = (id: number): boolean => openConversations.has(id);

/** Subscribe to a server push; returns the unsubscribe function (works before and across connections). */
export function onRealtime<E extends EventName>(event: E, handler: ServerToClientEvents[E]): () => void {
  return listeners.on(event, handler as (payload: unknown) => void);
}

/**
 * Calls `listener` each time the live connection comes up — the session's first connection too: a push
 * sent before the socket had joined its rooms (while the page loaded, or while the link was down) was not
 * heard, so a screen fed by pushes asks for its data again. Returns the unsubscribe.
 */
export function onConnected(listener: () => void): () => void {
  return useRealtime.subscribe((state, previous) => {
    if (state.status === 'online' && previous.status !== 'online') listener();
  });
}

/** Every join's answer (the first and each re-sync after a reconnect): the conversation and what it brought. */
export function onJoin(listener: (id: number, response: ApiResponse<ConversationWithMessages>) => void): () => void {
  return listeners.on('join', ([id, response]: [number, ApiResponse<ConversationWithMessages>]) =>
    listener(id, response),
  );
}

/** Hear how each write left the outbox — this page's and those restored after a reload. */
export function onOutboxResult(listener: OutboxResultListener): () => void {
  return listeners.on('result', (args: Parameters<OutboxResultListener>) => listener(...args));
}
