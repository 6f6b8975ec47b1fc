import { apiPaths, type Paged, type Store } from '@agrivet/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { earlyUrl, takeEarlyData, takeEarlyResponse } from '../../../lib/early-response';
import { type StoresQuery, storeKeys } from './keys';

export type { StoresQuery };

const earlyUrlOf = ({ type, page, city }: StoresQuery) =>
  earlyUrl(apiPaths.store.getByCity, { type, page_number: page, city });

/**
 * GET store/get-By-city?type&page_number&city (city optional: all provinces). The first page shown
 * after a page load usually comes from index.html's early request; the api client (axios) loads only
 * when it is needed.
 */
export async function getStoresByCity({ type, page, city }: StoresQuery, signal?: AbortSignal): Promise<Paged<Store>> {
  const early = await takeEarlyResponse<Paged<Store>>(earlyUrlOf({ type, page, city }));
  if (early) return early;
  const { apiGet } = await import('../../../lib/api-client');
  return apiGet<Paged<Store>>(apiPaths.store.getByCity, { type, page_number: page, city }, signal);
}

export const storesByCityQueryOptions = (query: StoresQuery) =>
  queryOptions({
    queryKey: storeKeys.byCity(query),
    queryFn: ({ signal }) => getStoresByCity(query, signal),
    // The early answer, when it has already arrived, seeds the cache: the first render shows it.
    initialData: () => takeEarlyData<Paged<Store>>(earlyUrlOf(query)) ?? undefined,
    // Another page or province keeps the current cards on screen (dimmed) until it arrives.
    placeholderData: keepPreviousData,
  });

export const useStoresByCity = (query: StoresQuery) => useQuery(storesByCityQueryOptions(query));
