/** Route guard of one dashboard screen: a role that may not use it is redirected (never an empty page). */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingState } from '../../../components/ui/loading-state';
import { useSession } from '../../../stores/session';
import { type DashboardScreen, redirectFor } from '../lib/access';

export function RoleGuard({ screen, children }: { screen: DashboardScreen; children: ReactNode }) {
  const user = useSession((s) => s.user);
  if (!user) return <LoadingState />;
  const to = redirectFor(user, screen);
  if (to) return <Navigate to={to} replace />;
  return <>{children}</>;
}
