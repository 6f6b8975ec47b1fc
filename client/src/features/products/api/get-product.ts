import { apiPaths, type Product, type Store } from '@agrivet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { productKeys } from './keys';

/**
 * A store as the product page shows it. `hours`, `open_now` and `reply_minutes` come with CONTRACT.md §8's
 * store fields: shown when the API sends them.
 */
export type ProductStore = Store & {
  open_now?: boolean;
  reply_minutes?: number | null;
};

/** GET product/get/{id}: one product (404 `not_found` for an unknown id). */
export const getProduct = (id: number, signal?: AbortSignal): Promise<Product> =>
  apiGet<Product>(apiPaths.product.get(id), undefined, signal);

/** GET store/get/{id}: the product's store. */
export const getProductStore = (id: number, signal?: AbortSignal): Promise<ProductStore> =>
  apiGet<ProductStore>(apiPaths.store.get(id), undefined, signal);

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: productKeys.product(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });

export const productStoreQueryOptions = (id: number) =>
  queryOptions({
    queryKey: productKeys.store(id),
    queryFn: ({ signal }) => getProductStore(id, signal),
  });

export const useProduct = (id: number) => useQuery(productQueryOptions(id));

/** The store of a product once the product is known (`storeId` null: not yet). */
export const useProductStore = (storeId: number | null) =>
  useQuery({ ...productStoreQueryOptions(storeId ?? 0), enabled: storeId !== null });
