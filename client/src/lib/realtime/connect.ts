/**
 * Adapter from @agrivet/relay/realtime's RealtimeClient to the app's RealtimePort — the one file that
 * knows that client. Queued writes persist in localStorage per user and tab (tab-outbox-storage.ts),
 * so a reload keeps them and two tabs never overwrite each other's. Refusals coming back through the
 * relay are in Arabic, like the API's: shown in the UI language, as the axios client does.
 */
import { type OutboxItem, RealtimeClient, type WriteEvents } from '@agrivet/relay/realtime';
import { isApiSuccess } from '@agrivet/shared';
import { localizeApiMessage } from '../../i18n/contract-messages';
import { ApiError } from '../api-error';
import type { OutboxEntry, RealtimePort, WriteEvent, WritePayload, WriteResult } from './port';
import { TabOutboxStorage } from './tab-outbox-storage';

function toEntry(item: OutboxItem): OutboxEntry {
  return {
    client_id: item.client_id,
    event: item.event,
    payload: item.payload as unknown as Record<string, unknown>,
    state: item.state === 'sent' ? 'sent' : item.state === 'failed' ? 'failed' : 'pending',
    error: item.error?.message === undefined ? undefined : localizeApiMessage(item.error.message),
    created_at: item.queued_at,
  };
}

export function connectRealtime(origin: string, token: string, userId: number): RealtimePort {
  const storage = new TabOutboxStorage(userId);
  const client = new RealtimeClient({ storage });
  client.connect(origin, token);

  const enqueue = <E extends WriteEvent>(event: E, payload: WritePayload<E>) => {
    switch (event) {
      case 'message:send':
        return client.sendMessage(payload as unknown as WriteEvents['message:send']['payload']);
      case 'order:create':
        return client.createOrder(payload as unknown as WriteEvents['order:create']['payload']);
      case 'order:update':
        return client.updateOrder(payload as unknown as WriteEvents['order:update']['payload']);
      default:
        return client.markRead(payload as unknown as WriteEvents['conversation:read']['payload']);
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
    write: (event, payload) => {
      const { item, done } = enqueue(event, payload);
      const result = done.then((response) => {
        if (isApiSuccess(response)) return response.data as WriteResult<typeof event>;
        throw new ApiError(
          response.status,
          localizeApiMessage(response.error.message),
          'response',
          response.error.fields ?? {},
        );
      });
      return { client_id: item.client_id, result };
    },
    typing: (conversationId, typing) => client.typing(conversationId, typing),
    openConversation: (conversationId, lastSeenId) => {
      void client.openConversation(conversationId, lastSeenId);
    },
    closeConversation: (conversationId) => client.closeConversation(conversationId),
    onOutbox: (listener) => {
      const emit = () => listener(client.pending().map(toEntry));
      emit();
      return client.onOutbox(emit);
    },
    refreshIdentity: () => client.refreshIdentity(),
    close: () => {
      client.close();
      storage.dispose();
    },
  };
}
