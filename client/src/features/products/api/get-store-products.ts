import { apiPaths, type Paged, type Product, type Store } from '@agrivet/shared';
import { apiGet } from '../../../lib/api-client';

export type StorePage = Paged<Product> & { store: Store };

/** GET store/get-page/{id}?page_number → that store's products, paged, plus the store. */
export const getStoreProducts = (storeId: number, page: number, signal?: AbortSignal): Promise<StorePage> =>
  apiGet<StorePage>(apiPaths.store.getPage(storeId), { page_number: page }, signal);
