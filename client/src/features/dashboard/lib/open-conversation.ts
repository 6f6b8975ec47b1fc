/**
 * The inbox row of the conversation open in the store's chats (`?c={id}`) when the list's filter leaves
 * it out: a conversation answered while "needs a reply" is shown, resolved while "open" is, or opened by
 * a link while another tab is. The header over the thread (the customer's name and photo) and its
 * controls (call, details, product, resolve / re-open) need the row's customer and state, which
 * GET conversation/get/{id} does not carry; conversation/inbox has no look-up by id, so the row is
 * searched for among the store's conversations (filter "all") by the customer's name — the thread
 * names them — and, failing that (a name the search does not match), in the newest pages of "all".
 *
 * The answer is a page holding that one row (or none), under the inbox's keys: the pushes and writes
 * that refresh the inbox (`inboxKeys.all`) refresh it too, and what marks rows read applies to it.
 */
import type { InboxConversation, Paged } from '@agrivet/shared';
import { queryOptions } from '@tanstack/react-query';
import { getInbox, inboxKeys } from '@/api/inbox';

/** The search of conversation/inbox takes at most 100 characters (api/src/routes/inbox.ts). */
const Q_MAX = 100;
/** Newest pages of "all" (30 each) looked through when the name search misses. */
const SCAN_PAGES = 3;

export const openRowKey = (id: number) => [...inboxKeys.all, 'open-row', id] as const;

const pageOf = (row: InboxConversation | undefined): Paged<InboxConversation> => ({
  current_page: 1,
  data: row ? [row] : [],
  last_page: 1,
  per_page: 1,
  total: row ? 1 : 0,
});

async function findRow(id: number, name: string, signal: AbortSignal): Promise<Paged<InboxConversation>> {
  const searches = name.trim() ? [name.trim().slice(0, Q_MAX), ''] : [''];
  for (const q of searches) {
    for (let page = 1; page <= SCAN_PAGES; page++) {
      const found = await getInbox('all', q, page, signal);
      const row = found.data.find((c) => c.id === id);
      if (row) return pageOf(row);
      if (page >= found.last_page) break;
    }
  }
  return pageOf(undefined);
}

/** The row of conversation `id` whose customer is named `name` (from its thread). */
export const openRowQueryOptions = (id: number, name: string) =>
  queryOptions({
    queryKey: openRowKey(id),
    queryFn: ({ signal }) => findRow(id, name, signal),
  });

/** A row the screen already holds (a resolve's answer) put where the look-up's answer goes. */
export const rowPage = (row: InboxConversation): Paged<InboxConversation> => pageOf(row);
