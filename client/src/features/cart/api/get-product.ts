import { apiPaths, type Product } from '@agrivet/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { cartKeys } from './keys';

/** GET product/get/{id}: the product as the store sells it now (price, or 404 once deleted). */
export const getProduct = (id: number, signal?: AbortSignal): Promise<Product> =>
  apiGet<Product>(apiPaths.product.get(id), undefined, signal);

/** Checked each time the cart page opens (never a stale price). */
export const cartProductQueryOptions = (id: number) =>
  queryOptions({
    queryKey: cartKeys.product(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
