/**
 * Adapter from @agrivet/realtime's RealtimeClient to the app's RealtimePort — the one file that
 * knows that client. Queued writes persist in localStorage per user and tab (tab-outbox-storage.ts;
 * they are small JSON: photos and voice notes wait in IndexedDB, media-queue.ts, and are uploaded
 * before their message:send {upload_id} is queued),
 * so a reload keeps them and two tabs never overwrite each other's. Refusals coming back through the
 * relay are in Arabic, like the API's: shown in the UI language, as the axios client does.
 */
import { type OutboxItem, RealtimeClient, type WriteEvents } from '@agrivet/realtime';
import { isApiSuccess } from '@agrivet/shared';
import { apiErrorFromFailure } from '@/lib/api-failure';
import type { OutboxEntry, OutboxResultListener, RealtimePort, WriteEvent, WritePayload, WriteResult } from './port';
import { TabOutboxStorage } from './tab-outbox-storage';

function toEntry(item: OutboxItem): OutboxEntry {
  return {
    client_id: item.client_id,
    event: item.event,
    payload: item.payload as unknown as Record<string, unknown>,
    state: item.state === 'sent' ? 'sent' : item.state === 'failed' ? 'failed' : 'pending',
    error:
      item.error === undefined
        ? undefined
        : apiErrorFromFailure({ status: item.error.status, error: item.error }, { operation: item.event }).message,
    created_at: item.queued_at,
  };
}

export function connectRealtime(origin: string, token: string, userId: number): RealtimePort {
  const storage = new TabOutboxStorage(userId);
  const client = new RealtimeClient({ storage });
  client.connect(origin, token);
  // Subscribed before any onOutbox listener, so result listeners hear of a write leaving the outbox
  // before entry listeners see it gone.
  const resultListeners = new Set<OutboxResultListener>();
  const offResults = client.onOutbox(({ type, item }) => {
    if (type !== 'sent' && type !== 'failed') return;
    const error = type === 'failed' ? toEntry(item).error : undefined;
    for (const listener of [...resultListeners]) {
      try {
        listener(item.client_id, type, error);
      } catch (err) {
        console.error('outbox result listener failed', err);
      }
    }
  });

  const enqueue = <E extends WriteEvent>(event: E, payload: WritePayload<E>, clientId?: string) => {
    const options = { client_id: clientId };
    switch (event) {
      case 'message:send':
        return client.sendMessage(payload as unknown as WriteEvents['message:send']['payload'], options);
      case 'order:create':
        return client.createOrder(payload as unknown as WriteEvents['order:create']['payload'], options);
      case 'order:update':
        return client.updateOrder(payload as unknown as WriteEvents['order:update']['payload'], options);
      default:
        return client.markRead(payload as unknown as WriteEvents['conversation:read']['payload'], options);
    }
  };

  return {
    get status() {
      return client.status;
    },
    onStatus: (listener) => {
      listener(client.status);
      return client.onStatus(listener);
    },
    onSessionEnded: (listener) => client.onSessionEnded(listener),
    on: (event, handler) => client.on(event, handler as never),
    write: (event, payload, clientId) => {
      const { item, done } = enqueue(event, payload, clientId);
      const result = done.then((response) => {
        if (isApiSuccess(response)) return response.data as WriteResult<typeof event>;
        throw apiErrorFromFailure(response, { operation: event });
      });
      return { client_id: item.client_id, result };
    },
    typing: (conversationId, typing) => client.typing(conversationId, typing),
    deleteMessage: async (messageId) => {
      const response = await client.deleteMessage(messageId);
      if (isApiSuccess(response)) return response.data;
      throw apiErrorFromFailure(response, { operation: 'message:delete' });
    },
    openConversation: (conversationId, lastSeenId) => {
      void client.openConversation(conversationId, lastSeenId);
    },
    closeConversation: (conversationId) => client.closeConversation(conversationId),
    onOutbox: (listener) => {
      const emit = () => listener(client.pending().map(toEntry));
      emit();
      return client.onOutbox(emit);
    },
    onOutboxResult: (listener) => {
      resultListeners.add(listener);
      return () => resultListeners.delete(listener);
    },
    refreshIdentity: () => client.refreshIdentity(),
    close: () => {
      offResults();
      resultListeners.clear();
      client.close();
      storage.dispose();
    },
  };
}
