/**
 * The browser's side of the hand-over: the query cache the server rendered with (dehydrated into
 * `<script type="application/json" id="agrivet-state">`, a data block that never executes, so the
 * Content-Security-Policy needs no inline-script allowance) goes into the app's QueryClient before
 * hydrateRoot, so the first render shows the same data as the HTML and nothing is fetched again.
 *
 * Each answer is stamped with this browser's clock, not the server's: a phone whose clock runs
 * ahead or behind would otherwise see it as stale at once (a second fetch) or lose to an older copy
 * read back from IndexedDB (TanStack's restore keeps whichever answer is newer).
 *
 * The server renders anonymously; a signed-in visitor's per-caller answers (store lists and pages,
 * search: which stores they already chat with) are marked stale and refetched once the page runs.
 */
import type { DehydratedState } from '@tanstack/react-query';
import { queryClient, scope } from '@/lib/query-client';

/** Query keys (after the scope) whose answers depend on who asks. */
const PER_CALLER = ['stores', 'store-products', 'search'];

export function readServerState(): DehydratedState | null {
  const el = document.getElementById('agrivet-state');
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as DehydratedState;
  } catch {
    return null;
  }
}

export function applyServerState(state: DehydratedState, signedIn: boolean): void {
  const now = Date.now();
  for (const query of state.queries) {
    if (query.state.status !== 'success') continue;
    queryClient.setQueryData(query.queryKey, query.state.data, { updatedAt: now });
  }
  if (signedIn) {
    for (const key of PER_CALLER) {
      for (const s of [scope.catalogue, scope.public]) {
        void queryClient.invalidateQueries({ queryKey: [s, key], refetchType: 'none' });
      }
    }
  }
}
