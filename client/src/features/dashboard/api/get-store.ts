import { apiPaths, type Store } from '@agrivet/shared';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** One store (the form, the admin's "products of" title). */
export const getStore = (id: number, signal?: AbortSignal) => apiGet<Store>(apiPaths.store.get(id), undefined, signal);

export const storeQueryOptions = (id: number) =>
  queryOptions({ queryKey: dashboardKeys.store(id), queryFn: ({ signal }) => getStore(id, signal) });

/** `null`: no store to load (a create form). */
export const useStore = (id: number | null) =>
  useQuery(id === null ? { queryKey: dashboardKeys.store(0), queryFn: skipToken } : storeQueryOptions(id));
