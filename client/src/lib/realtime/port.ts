/**
 * What the app needs from a live connection. `connect.ts` adapts @agrivet/realtime's
 * RealtimeClient to this shape — the one file to touch if that client changes.
 */
import type { ApiResponse, ClientToServerEvents, Message, ServerToClientEvents } from '@agrivet/shared';

export type ConnectionStatus = 'connecting' | 'online' | 'offline';

/** Writes that go through the outbox (kept while offline, resent with their client_id). */
export type WriteEvent = 'message:send' | 'order:create' | 'order:update' | 'conversation:read';

export type WritePayload<E extends WriteEvent> = Omit<Parameters<ClientToServerEvents[E]>[0], 'client_id'>;
export type WriteResult<E extends WriteEvent> =
  Parameters<Parameters<ClientToServerEvents[E]>[1]>[0] extends ApiResponse<infer T> ? T : never;

export type OutboxState = 'pending' | 'sent' | 'failed';

export interface OutboxEntry {
  client_id: string;
  event: WriteEvent;
  payload: Record<string, unknown>;
  state: OutboxState;
  error?: string;
  /** Epoch ms when the write was made. */
  created_at: number;
}

/** How a write left the outbox: acknowledged by the API, or refused / given up (with the UI-language message). */
export type OutboxResultListener = (client_id: string, outcome: 'sent' | 'failed', error?: string) => void;

export interface RealtimePort {
  readonly status: ConnectionStatus;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
  /** The relay refused the token: the session is over. */
  onSessionEnded(listener: () => void): () => void;
  on<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): () => void;
  /**
   * Queues a write; resolves with the API's data or rejects with its error message. `clientId` (a
   * non-empty string of at most LIMITS.clientIdMax characters, e.g. from newClientId) becomes the
   * write's client_id; without it (or when unusable) one is generated. The returned client_id is the
   * outbox's.
   */
  write<E extends WriteEvent>(
    event: E,
    payload: WritePayload<E>,
    clientId?: string,
  ): { client_id: string; result: Promise<WriteResult<E>> };
  typing(conversationId: number, typing: boolean): void;
  /**
   * Deletes a message now (`message:delete`, not queued: the 15-minute window does not wait for a
   * reconnect); resolves with the deleted message or rejects with an ApiError in the UI language.
   */
  deleteMessage(messageId: number): Promise<Message>;
  /** Joins the conversation room now and after every reconnect, re-syncing messages after `lastSeenId`. */
  openConversation(conversationId: number, lastSeenId: number): void;
  closeConversation(conversationId: number): void;
  onOutbox(listener: (entries: OutboxEntry[]) => void): () => void;
  /**
   * Each write that leaves the outbox while this connection exists — queued by this page or restored
   * from storage after a reload. Called before `onOutbox` listeners see the entry gone.
   */
  onOutboxResult(listener: OutboxResultListener): () => void;
  /**
   * Reconnects with the same token so the relay joins the rooms of who the user is now (e.g. a store
   * account that just created its store joins store:{id}); open conversations and the outbox survive.
   */
  refreshIdentity(): void;
  close(): void;
}
