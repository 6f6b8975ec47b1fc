/**
 * The live connection (one per signed-in tab): status, outbox entries (pending writes) and a listener
 * registry that survives reconnects, so screens can subscribe before or after the socket exists.
 */
import type { ServerToClientEvents } from '@agrivet/shared';
import { create } from 'zustand';
import { env } from '../config/env';
import { i18n } from '../i18n';
import { useSession } from './session';
import type {
  ConnectionStatus,
  OutboxEntry,
  RealtimePort,
  WriteEvent,
  WritePayload,
  WriteResult,
} from '../lib/realtime/port';

type EventName = keyof ServerToClientEvents;
type AnyHandler = (payload: never) => void;

interface RealtimeState {
  status: ConnectionStatus | 'idle';
  outbox: OutboxEntry[];
  connect: (token: string, userId: number) => Promise<void>;
  disconnect: () => void;
  write: <E extends WriteEvent>(
    event: E,
    payload: WritePayload<E>,
  ) => { client_id: string; result: Promise<WriteResult<E>> };
  typing: (conversationId: number, typing: boolean) => void;
  openConversation: (conversationId: number, lastSeenId: number) => void;
  closeConversation: (conversationId: number) => void;
  /** After the signed-in user changed role or store: rejoin the relay's rooms without losing state. */
  refreshIdentity: () => void;
}

let port: RealtimePort | null = null;
let portReady: { promise: Promise<RealtimePort>; resolve: (p: RealtimePort) => void } | null = null;

function waitForPort(): Promise<RealtimePort> {
  if (port) return Promise.resolve(port);
  if (!portReady) {
    let resolve: (p: RealtimePort) => void = () => {};
    const promise = new Promise<RealtimePort>((r) => {
      resolve = r;
    });
    portReady = { promise, resolve };
  }
  return portReady.promise;
}
let portToken: string | null = null;
let unsubscribers: (() => void)[] = [];
const handlers = new Map<EventName, Set<AnyHandler>>();
/** Conversations on screen (id → newest message id shown): replayed when the connection appears. */
const openConversations = new Map<number, number>();

function forward(p: RealtimePort, event: EventName) {
  const handler = ((payload: never) => {
    for (const h of handlers.get(event) ?? []) h(payload);
  }) as never;
  return p.on(event, handler);
}

const EVENTS: EventName[] = ['message:new', 'typing', 'conversation:read', 'order:new', 'order:status'];

export const useRealtime = create<RealtimeState>((set) => ({
  status: 'idle',
  outbox: [],
  connect: async (token, userId) => {
    if (portToken === token) return;
    useRealtime.getState().disconnect();
    portToken = token;
    set({ status: 'connecting' });
    // socket.io-client loads only for signed-in users.
    const { connectRealtime } = await import('../lib/realtime/connect');
    if (portToken !== token) return;
    port = connectRealtime(env.socketOrigin, token, userId);
    const p = port;
    portReady?.resolve(p);
    portReady = null;
    for (const [id, lastSeenId] of openConversations) p.openConversation(id, lastSeenId);
    unsubscribers = [
      p.onStatus((status) => set({ status })),
      p.onOutbox((outbox) => set({ outbox })),
      p.onSessionEnded(() => useSession.getState().clear()),
      ...EVENTS.map((e) => forward(p, e)),
    ];
  },
  disconnect: () => {
    for (const u of unsubscribers) u();
    unsubscribers = [];
    port?.close();
    port = null;
    portToken = null;
    set({ status: 'idle', outbox: [] });
  },
  write: (event, payload) => {
    if (port) return port.write(event, payload);
    // Still loading the connection code: queue behind it.
    if (portToken === null) return { client_id: '', result: Promise.reject(new Error(i18n.t('errors.connection'))) };
    return { client_id: `local-${Date.now()}`, result: waitForPort().then((p) => p.write(event, payload).result) };
  },
  typing: (conversationId, typing) => port?.typing(conversationId, typing),
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
