/**
 * A public page whose store, product or article does not exist (the API answered `not_found`): it says
 * so and leads on — to the store lists or the articles, and home — with no «إعادة المحاولة», which could
 * never help. The server answers such an address with a 404 and renders this view into it (its query
 * client keeps the failure: app/ssr/entry-server.tsx); in the browser the view's marker in that HTML tells
 * the screen, as it hydrates, that its data will not come — so it hydrates the same view, not a loading
 * state. The view is a lazy chunk: no page's first load carries it.
 */
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { hasErrorCode } from '@/lib/api-error';
import type { MissingPageProps } from './missing-page-view';

let sentMissing: string | null | undefined;

/**
 * The path of the 404 page the server sent, or null: read from the HTML at the first call, the hydrating
 * render (the view's root carries `data-missing-page`, missing-page-view.tsx), then kept.
 */
function missingPath(): string | null {
  if (sentMissing === undefined)
    sentMissing =
      typeof document !== 'undefined' && document.querySelector('[data-missing-page]')
        ? window.location.pathname
        : null;
  return sentMissing;
}

/** Whether this screen's item is missing: its query failed with not_found, or the server said so for this path. */
export function useIsMissing(failure: unknown): boolean {
  const { pathname } = useLocation();
  return hasErrorCode(failure, 'not_found') || pathname === missingPath();
}

const MissingPageView = lazy(() => import('./missing-page-view'));

/** «المتجر غير موجود» (`what`) and the ways on: the store lists, or the articles; home. */
export function MissingPage(props: MissingPageProps) {
  return (
    <Suspense fallback={null}>
      <MissingPageView {...props} />
    </Suspense>
  );
}
