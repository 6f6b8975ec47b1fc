/**
 * The inbox row of the conversation open in the store's chats (`?c={id}`) when the list's filter leaves
 * it out: a conversation answered while "needs a reply" is shown, resolved while "open" is, or opened by
 * a link while another tab is. The header over the thread (the customer's name and photo) and its
 * controls (call, details, product, resolve / re-open) need the row's customer and state, which
 * GET conversation/get/{id} does not carry: GET conversation/inbox?id= gives that one row.
 *
 * The answer is a page holding that one row (or none), under the inbox's keys: the pushes and writes
 * that refresh the inbox (`inboxKeys.all`) refresh it too, and what marks rows read applies to it.
 */
import type { InboxConversation, Paged } from '@agrivet/shared';
import { queryOptions } from '@tanstack/react-query';
import { getInboxRow, inboxKeys } from '@/api/inbox';

export const openRowKey = (id: number) => [...inboxKeys.all, 'open-row', id] as const;

const pageOf = (row: InboxConversation | undefined): Paged<InboxConversation> => ({
  current_page: 1,
  data: row ? [row] : [],
  last_page: 1,
  per_page: 1,
  total: row ? 1 : 0,
});

/** The inbox row of conversation `id` (a page of it alone, or an empty page). */
export const openRowQueryOptions = (id: number) =>
  queryOptions({
    queryKey: openRowKey(id),
    queryFn: ({ signal }) => getInboxRow(id, signal),
  });

/** A row the screen already holds (a resolve's answer) put where the look-up's answer goes. */
export const rowPage = (row: InboxConversation): Paged<InboxConversation> => pageOf(row);
