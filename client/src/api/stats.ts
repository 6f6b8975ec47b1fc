/** stats/*: the dashboard's figures (account data). Writes that change them invalidate `statsKeys.all`. */
import { type AdminStats, apiPaths, type StoreStats } from '@agrivet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { statsKeys } from '@/api/keys';

export { statsKeys };

/** GET stats/store: the store's own figures. */
export const getStoreStats = (signal?: AbortSignal) => apiGet<StoreStats>(apiPaths.stats.store, undefined, signal);
/** GET stats/admin: the whole site's figures. */
export const getAdminStats = (signal?: AbortSignal) => apiGet<AdminStats>(apiPaths.stats.admin, undefined, signal);

export const statsQueryOptions = (isAdmin: boolean) =>
  queryOptions<StoreStats | AdminStats>({
    queryKey: statsKeys.of(isAdmin),
    queryFn: ({ signal }) => (isAdmin ? getAdminStats(signal) : getStoreStats(signal)),
  });

/** The statistics home's figures: the admin's or the store's. */
export const useStats = (isAdmin: boolean) => useQuery(statsQueryOptions(isAdmin));
