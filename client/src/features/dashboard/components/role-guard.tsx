/** Route guard of one dashboard screen: a role that may not use it is redirected (never an empty page). */
import { Box } from '@chakra-ui/react/box';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingState } from '@/components/ui/loading-state';
import { ErrorState } from '@/components/ui/states';
import { retryUser, useUserQuery } from '@/api/auth';
import { useQueryClient } from '@tanstack/react-query';
import { failureOf } from '@/lib/query-client';
import { type DashboardScreen, redirectFor } from '@/features/dashboard/lib/access';

export function RoleGuard({ screen, children }: { screen: DashboardScreen; children: ReactNode }) {
  const query = useUserQuery();
  const queryClient = useQueryClient();
  const user = query.data ?? null;
  const error = failureOf(query);
  // The user could not be fetched (offline, time-out, 5xx): say so, with a retry, instead of spinning.
  if (!user && error)
    return (
      <Box p="4">
        <ErrorState error={error} onRetry={() => void retryUser(queryClient)} />
      </Box>
    );
  if (!user) return <LoadingState />;
  const to = redirectFor(user, screen);
  if (to) return <Navigate to={to} replace />;
  return <>{children}</>;
}
