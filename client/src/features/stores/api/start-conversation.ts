import { apiPaths, type Conversation } from '@agrivet/shared';
import { apiPost } from '../../../lib/api-client';

export interface StartConversationInput {
  sender_id: number;
  receiver_id: number;
  store_id: number;
}

/** POST conversation/create — idempotent: returns the existing conversation with this store. */
export const startConversation = (input: StartConversationInput): Promise<Conversation> =>
  apiPost<Conversation>(apiPaths.conversation.create, input);
