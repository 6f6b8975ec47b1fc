import { Box } from '@chakra-ui/react/box';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingState } from '../ui/loading-state';
import { Footer } from './footer';
import { TopBar } from './top-bar';

/** Public layout: top bar, the route, footer. */
export function PublicLayout() {
  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      <TopBar />
      <Box as="main" flex="1" id="main">
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
