/**
 * The live connection (one per signed-in tab): status, outbox entries (pending writes) and a listener
 * registry that survives reconnects, so screens can subscribe before or after the socket exists.
 */
// The client-id module alone: the @agrivet/realtime barrel would pull socket.io-client into this chunk.
import { newClientId } from '@agrivet/realtime/client-id';
import type { Message, ServerToClientEvents } from '@agrivet/shared';
import { create } from 'zustand';
import { env } from '@/config/env';
import { i18n } from '@/i18n';
import { useSession } from './session';
import type {
  ConnectionStatus,
  OutboxEntry,
  OutboxResultListener,
  RealtimePort,
  WriteEvent,
  WritePayload,
  WriteResult,
} from '@/lib/realtime/port';

type EventName = keyof ServerToClientEvents;
type AnyHandler = (payload: never) => void;

interface RealtimeState {
  status: ConnectionStatus | 'idle';
  outbox: OutboxEntry[];
  connect: (token: string, userId: number) => Promise<void>;
  disconnect: () => void;
  /**
   * Queues a write through the outbox. The returned client_id is always the outbox's — also for a
   * write made while the connection code is still loading (it is generated here and handed over).
   */
  write: <E extends WriteEvent>(
    event: E,
    payload: WritePayload<E>,
    /** The write's client_id when the caller chose it (a queued photo keeps its id across reloads). */
    clientId?: string,
  ) => { client_id: string; result: Promise<WriteResult<E>> };
  /** `message:delete` now (not queued); rejects with the UI-language error (offline: a connection error). */
  deleteMessage: (messageId: number) => Promise<Message>;
  typing: (conversationId: number, typing: boolean) => void;
  openConversation: (conversationId: number, lastSeenId: number) => void;
  closeConversation: (conversationId: number) => void;
  /** After the signed-in user changed role or store: rejoin the relay's rooms without losing state. */
  refreshIdentity: () => void;
}

let port: RealtimePort | null = null;
/**
 * Writes made while the connection code was loading, in order: handed to the port as soon as it
 * exists (before anything else can write), or refused if the user signs out first.
 */
let deferred: { write: (p: RealtimePort) => void; cancel: () => void }[] = [];
let portToken: string | null = null;
let unsubscribers: (() => void)[] = [];
const handlers = new Map<EventName, Set<AnyHandler>>();
const outboxResultListeners = new Set<OutboxResultListener>();
/** Conversations on screen (id → newest message id shown): replayed when the connection appears. */
const openConversations = new Map<number, number>();

function forward(p: RealtimePort, event: EventName) {
  const handler = ((payload: never) => {
    for (const h of handlers.get(event) ?? []) h(payload);
  }) as never;
  return p.on(event, handler);
}

const EVENTS: EventName[] = [
  'message:new',
  'message:deleted',
  'typing',
  'conversation:read',
  'order:new',
  'order:status',
];

export const useRealtime = create<RealtimeState>((set) => ({
  status: 'idle',
  outbox: [],
  connect: async (token, userId) => {
    if (portToken === token) return;
    useRealtime.getState().disconnect();
    portToken = token;
    set({ status: 'connecting' });
    // socket.io-client loads only for signed-in users.
    const { connectRealtime } = await import('@/lib/realtime/connect');
    if (portToken !== token) return;
    port = connectRealtime(env.socketOrigin, token, userId);
    const p = port;
    // Writes made while loading go first, in order, before anything else can write.
    unsubscribers = [
      p.onOutboxResult((clientId, outcome, error) => {
        for (const l of [...outboxResultListeners]) l(clientId, outcome, error);
      }),
    ];
    const waiting = deferred;
    deferred = [];
    for (const d of waiting) d.write(p);
    for (const [id, lastSeenId] of openConversations) p.openConversation(id, lastSeenId);
    unsubscribers.push(
      p.onStatus((status) => set({ status })),
      p.onOutbox((outbox) => set({ outbox })),
      p.onSessionEnded(() => useSession.getState().clear()),
      ...EVENTS.map((e) => forward(p, e)),
    );
  },
  disconnect: () => {
    for (const u of unsubscribers) u();
    unsubscribers = [];
    port?.close();
    port = null;
    portToken = null;
    const waiting = deferred;
    deferred = [];
    for (const d of waiting) d.cancel();
    set({ status: 'idle', outbox: [] });
  },
  write: (event, payload, clientId) => {
    if (port) return port.write(event, payload, clientId);
    if (portToken === null) return { client_id: '', result: Promise.reject(new Error(i18n.t('errors.connection'))) };
    // Still loading the connection code: the client_id is chosen now and the outbox takes it as is.
    const client_id = clientId ?? newClientId();
    const result = new Promise<WriteResult<typeof event>>((resolve, reject) => {
      deferred.push({
        write: (p) => {
          p.write(event, payload, client_id).result.then(resolve, reject);
        },
        cancel: () => reject(new Error(i18n.t('errors.connection'))),
      });
    });
    return { client_id, result };
  },
  typing: (conversationId, typing) => port?.typing(conversationId, typing),
  deleteMessage: (messageId) =>
    port ? port.deleteMessage(messageId) : Promise.reject(new Error(i18n.t('errors.connection'))),
  openConversation: (conversationId, lastSeenId) => {
    openConversations.set(conversationId, lastSeenId);
    port?.openConversation(conversationId, lastSeenId);
  },
  closeConversation: (conversationId) => {
    openConversations.delete(conversationId);
    port?.closeConversation(conversationId);
  },
  refreshIdentity: () => port?.refreshIdentity(),
}));

/**
 * Hear how each write left the outbox ('sent' / 'failed' with the UI-language message) — writes of
 * this page and writes restored from storage after a reload; returns the unsubscribe function (works
 * across reconnects). Called before the store's `outbox` shows the write gone.
 */
export function onOutboxResult(listener: OutboxResultListener): () => void {
  outboxResultListeners.add(listener);
  return () => {
    outboxResultListeners.delete(listener);
  };
}

/** Subscribe to a server push; returns the unsubscribe function (works across reconnects). */
export function onRealtime<E extends EventName>(event: E, handler: ServerToClientEvents[E]): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  set.add(handler as AnyHandler);
  return () => {
    handlers.get(event)?.delete(handler as AnyHandler);
  };
}
