import { apiPaths, type Paged, type Store, type StoreType } from '@agrivet/shared';
import { earlyUrl, takeEarlyData, takeEarlyResponse } from '../../../lib/early-response';

export interface StoresQuery {
  type: StoreType;
  page: number;
  city: number | null;
}

/**
 * GET store/get-By-city?type&page_number&city (city optional: all provinces). The first page shown
 * after a page load usually comes from index.html's early request; the api client (axios) loads only
 * when it is needed.
 */
export async function getStoresByCity({ type, page, city }: StoresQuery, signal?: AbortSignal): Promise<Paged<Store>> {
  const params = { type, page_number: page, city };
  const early = await takeEarlyResponse<Paged<Store>>(earlyUrl(apiPaths.store.getByCity, params));
  if (early) return early;
  const { apiGet } = await import('../../../lib/api-client');
  return apiGet<Paged<Store>>(apiPaths.store.getByCity, params, signal);
}

/** The early answer for this page if it has already arrived (once), else null. */
export function takeEarlyStores({ type, page, city }: StoresQuery): Paged<Store> | null {
  return takeEarlyData<Paged<Store>>(earlyUrl(apiPaths.store.getByCity, { type, page_number: page, city }));
}
