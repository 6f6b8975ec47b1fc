import { Box } from '@chakra-ui/react/box';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingState } from '@/components/ui/loading-state';

/**
 * The top bar (search, section links, sign-in, language, install) hydrates on its own, after the screen:
 * the server's HTML shows it and its links work meanwhile, and its code stays out of the landing
 * route's first load. start.tsx starts loading it with the screen (the shell waits for both).
 */
export const loadTopBar = () => import('./top-bar');
const TopBar = lazy(() => loadTopBar().then((m) => ({ default: m.TopBar })));
// Below the fold: loads after the route.
const Footer = lazy(() => import('./footer'));
/**
 * The top bar's height (app/global.css `--agrivet-public-bar`: its two rows under md, one from md) kept
 * while its chunk is on its way in a screen the client renders (the shell: signed-in screens), so the
 * screen does not move down when it arrives. A server-rendered page hydrates with the server's bar.
 */
const TOP_BAR_HEIGHT = 'var(--agrivet-public-bar)';
// Shown only while offline; its code stays out of the landing route's budget.
const OfflineBanner = lazy(() => import('./offline-banner'));

/** Public layout: top bar, the route, footer. */
export function PublicLayout() {
  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      <Suspense fallback={<Box h={TOP_BAR_HEIGHT} flexShrink={0} aria-hidden />}>
        <TopBar />
      </Suspense>
      <Suspense fallback={null}>
        <OfflineBanner />
      </Suspense>
      <Box as="main" flex="1" id="main">
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </Box>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </Box>
  );
}
