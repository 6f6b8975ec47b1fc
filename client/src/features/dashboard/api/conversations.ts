/** Admin: every conversation, paged. */
import { apiPaths, type Conversation, type Paged } from '@agrivet/shared';
import { apiGet } from '../../../lib/api-client';

export const getAllConversations = (page: number, signal?: AbortSignal) =>
  apiGet<Paged<Conversation>>(apiPaths.conversation.getAll, { page_number: page }, signal);
