import { apiPaths, type Paged, type Product, type Store } from '@agrivet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { productKeys } from './keys';

export type StorePage = Paged<Product> & { store: Store };

/** GET store/get-page/{id}?page_number → that store's products, paged, plus the store. */
export const getStoreProducts = (storeId: number, page: number, signal?: AbortSignal): Promise<StorePage> =>
  apiGet<StorePage>(apiPaths.store.getPage(storeId), { page_number: page }, signal);

export const storeProductsQueryOptions = (storeId: number, page: number) =>
  queryOptions({
    queryKey: productKeys.page(storeId, page),
    queryFn: ({ signal }) => getStoreProducts(storeId, page, signal),
    // The next page keeps this one on screen (dimmed) until it arrives, but not another store's.
    placeholderData: (previous) => (previous?.store.id === storeId ? previous : undefined),
  });

export const useStoreProducts = (storeId: number, page: number) => useQuery(storeProductsQueryOptions(storeId, page));
