import { Box } from '@chakra-ui/react/box';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingState } from '@/components/ui/loading-state';
import Footer from './footer';
import OfflineBanner from './offline-banner';
import { TopBar } from './top-bar';

/** Public layout: top bar, the route (a lazy screen), footer. */
export function PublicLayout() {
  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      <TopBar />
      <OfflineBanner />
      <Box as="main" flex="1" id="main">
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
