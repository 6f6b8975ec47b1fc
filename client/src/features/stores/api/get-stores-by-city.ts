import { apiPaths, type Paged, type Store, type StoreType } from '@agrivet/shared';
import { apiGet } from '../../../lib/api-client';

export interface StoresQuery {
  type: StoreType;
  page: number;
  city: number | null;
}

/** GET store/get-By-city?type&page_number&city (city optional: all provinces). */
export const getStoresByCity = ({ type, page, city }: StoresQuery, signal?: AbortSignal): Promise<Paged<Store>> =>
  apiGet<Paged<Store>>(apiPaths.store.getByCity, { type, page_number: page, city }, signal);
