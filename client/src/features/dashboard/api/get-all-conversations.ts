import { apiPaths, type Conversation, type Paged } from '@agrivet/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** Admin: every conversation, newest activity first, paged. */
export const getAllConversations = (page: number, signal?: AbortSignal) =>
  apiGet<Paged<Conversation>>(apiPaths.conversation.getAll, { page_number: page }, signal);

export const allConversationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: dashboardKeys.conversationList(page),
    queryFn: ({ signal }) => getAllConversations(page, signal),
    placeholderData: keepPreviousData,
  });

export const useAllConversations = (page: number) => useQuery(allConversationsQueryOptions(page));
