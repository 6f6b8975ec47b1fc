import { apiPaths, type Paged, type Product } from '@agrivet/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** Products, paged: every store's (admin), or one store's (`storeId`). */
export const getProducts = (page: number, storeId: number | null, signal?: AbortSignal) =>
  apiGet<Paged<Product>>(apiPaths.product.getAll, { page_number: page, store_id: storeId }, signal);

export const productsQueryOptions = (storeId: number | null, page: number) =>
  queryOptions({
    queryKey: dashboardKeys.productList(storeId, page),
    queryFn: ({ signal }) => getProducts(page, storeId, signal),
    placeholderData: keepPreviousData,
  });

export const useProducts = (storeId: number | null, page: number) => useQuery(productsQueryOptions(storeId, page));
