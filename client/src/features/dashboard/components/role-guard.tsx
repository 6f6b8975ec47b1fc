/** Route guard of one dashboard screen: a role that may not use it is redirected (never an empty page). */
import { Box } from '@chakra-ui/react/box';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingState } from '@/components/ui/loading-state';
import { ErrorState } from '@/components/ui/states';
import { useSession } from '@/stores/session';
import { type DashboardScreen, redirectFor } from '@/features/dashboard/lib/access';

export function RoleGuard({ screen, children }: { screen: DashboardScreen; children: ReactNode }) {
  const user = useSession((s) => s.user);
  const error = useSession((s) => s.error);
  // The user could not be fetched (offline, time-out, 5xx): say so, with a retry, instead of spinning.
  if (!user && error !== null)
    return (
      <Box p="4">
        <ErrorState error={error} onRetry={() => void useSession.getState().restore()} />
      </Box>
    );
  if (!user) return <LoadingState />;
  const to = redirectFor(user, screen);
  if (to) return <Navigate to={to} replace />;
  return <>{children}</>;
}
