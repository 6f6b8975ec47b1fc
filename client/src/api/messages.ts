/**
 * Messages (CONTRACT.md §4, §7): message/create and message/delete go through the live connection —
 * a text is queued in the outbox with its client_id (sent once, also after drops and reloads); a delete
 * goes now or not at all (the author's 15 minutes). Both land in the cache of api/conversations.ts.
 * Photos and voice notes: stores/chat-media.ts (uploaded with api/uploads.ts first).
 */
import { apiPaths, type Message } from '@agrivet/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useRealtime } from '@/stores/realtime';
import { applyDeleted, receiveMessage } from './conversations';

/** Queues a text; resolves with the stored message (already in the thread) or rejects with the refusal. */
export function sendText(client: QueryClient, conversationId: number, text: string): Promise<Message> {
  const { result } = useRealtime.getState().write('message:send', { conversation_id: conversationId, message: text });
  return result.then((message) => {
    receiveMessage(client, message);
    return message;
  });
}

/** Deletes my message (within 15 minutes; the admin any): applied here at once, pushed to the other side. */
export async function deleteMessage(client: QueryClient, message: Pick<Message, 'id' | 'conversation_id'>) {
  const deleted = await useRealtime.getState().deleteMessage(message.id);
  applyDeleted(client, deleted.conversation_id ?? message.conversation_id, message.id);
}

/** POST message/create `{product_id}` (CONTRACT.md §8): a product of the conversation's store as a card. */
export async function sendProductCard(conversationId: number, productId: number): Promise<Message> {
  const { apiPost } = await import('@/lib/api-client');
  return apiPost<Message>(apiPaths.message.create, {
    conversation_id: conversationId,
    product_id: productId,
    client_id: `card-${conversationId}-${productId}-${Date.now()}`,
  });
}
