import { apiPaths, type Store } from '@agrivet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { cartKeys } from './keys';

/** GET store/get/{id}: the cart's store (name, and whether it takes orders: `available`). */
export const getStore = (id: number, signal?: AbortSignal): Promise<Store> =>
  apiGet<Store>(apiPaths.store.get(id), undefined, signal);

export const cartStoreQueryOptions = (id: number) =>
  queryOptions({
    queryKey: cartKeys.store(id),
    queryFn: ({ signal }) => getStore(id, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const useCartStore = (id: number) => useQuery(cartStoreQueryOptions(id));
