import { apiPaths, type Paged, type Store } from '@agrivet/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** Admin: every store, paged. */
export const getStores = (page: number, signal?: AbortSignal) =>
  apiGet<Paged<Store>>(apiPaths.store.getAll, { page_number: page }, signal);

export const storesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: dashboardKeys.storeList(page),
    queryFn: ({ signal }) => getStores(page, signal),
    placeholderData: keepPreviousData,
  });

export const useStores = (page: number) => useQuery(storesQueryOptions(page));
