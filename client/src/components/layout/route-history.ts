/**
 * The path shown before the current one (in-app navigations only; null after a fresh load). The public
 * layout records it in a layout effect, so screens read it in their own effects — e.g. a store's page
 * keeps the cart when the user comes back from that store's cart (SPEC.md §4 reading in README.md).
 */
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

let current: string | null = null;
let previous: string | null = null;

export function previousPath(): string | null {
  return previous;
}

/** Records navigations; call once in a layout that stays mounted across its routes. */
export function useTrackRoute(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (pathname === current) return;
    previous = current;
    current = pathname;
  }, [pathname]);
}
