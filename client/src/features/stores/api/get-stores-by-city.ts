import { apiPaths, type Paged, type Store } from '@agrivet/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type StoresQuery, storeKeys } from './keys';

export type { StoresQuery };

/**
 * GET store/get-By-city?type&page_number&city&sort (city optional: all provinces; sort=rating: best
 * rated first). The first page shown
 * after a page load comes with the server-rendered page (app/ssr/); the api client (axios) loads only
 * when it is needed.
 */
export async function getStoresByCity(
  { type, page, city, sort }: StoresQuery,
  signal?: AbortSignal,
): Promise<Paged<Store>> {
  const { apiGet } = await import('@/lib/api-client');
  return apiGet<Paged<Store>>(
    apiPaths.store.getByCity,
    { type, page_number: page, city, ...(sort ? { sort } : {}) },
    signal,
  );
}

export const storesByCityQueryOptions = (query: StoresQuery) =>
  queryOptions({
    queryKey: storeKeys.byCity(query),
    queryFn: ({ signal }) => getStoresByCity(query, signal),
    // Another page or province keeps the current cards on screen (dimmed) until it arrives.
    placeholderData: keepPreviousData,
  });

export const useStoresByCity = (query: StoresQuery) => useQuery(storesByCityQueryOptions(query));
