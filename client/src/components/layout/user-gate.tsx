/**
 * Behind RequireAuth: waits for the signed-in user while it is first fetched (nothing saved yet), then
 * renders the screen — also when the fetch failed (offline start): the screen works with the token.
 */
import { Outlet } from 'react-router-dom';
import { useUserQuery } from '@/api/auth';
import { LoadingState } from '@/components/ui/loading-state';

export default function UserGate() {
  const query = useUserQuery();
  if (query.data === undefined && query.failureReason === null && query.isFetching) return <LoadingState />;
  return <Outlet />;
}
