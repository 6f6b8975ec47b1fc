import { Box } from '@chakra-ui/react/box';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingState } from '../ui/loading-state';
import { TopBar } from './top-bar';

// Below the fold: loads after the route.
const Footer = lazy(() => import('./footer'));
// Shown only while offline; its code stays out of the landing route's budget.
const OfflineBanner = lazy(() => import('./offline-banner'));

/** Public layout: top bar, the route, footer. */
export function PublicLayout() {
  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      <TopBar />
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
