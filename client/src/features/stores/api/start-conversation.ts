import { apiPaths, type Conversation } from '@agrivet/shared';

export interface StartConversationInput {
  /** The caller (the API takes the caller when absent). */
  sender_id?: number;
  /** The store's owner (checked when given). */
  receiver_id?: number;
  store_id: number;
}

/**
 * POST conversation/create — idempotent: returns the existing conversation with this store. The api
 * client (axios) loads on the first click, not with the store list. The store lists say which stores
 * the viewer already chats with: refetch them (storeKeys.all) after a new one.
 */
export async function startConversation(input: StartConversationInput): Promise<Conversation> {
  const { apiPost } = await import('@/lib/api-client');
  return apiPost<Conversation>(apiPaths.conversation.create, input);
}
