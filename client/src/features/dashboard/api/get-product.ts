import { apiPaths, type Product } from '@agrivet/shared';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** One product (the edit form). */
export const getProduct = (id: number, signal?: AbortSignal) =>
  apiGet<Product>(apiPaths.product.get(id), undefined, signal);

export const productQueryOptions = (id: number) =>
  queryOptions({ queryKey: dashboardKeys.product(id), queryFn: ({ signal }) => getProduct(id, signal) });

/** `null`: no product to load (the create form). */
export const useProduct = (id: number | null) =>
  useQuery(id === null ? { queryKey: dashboardKeys.product(0), queryFn: skipToken } : productQueryOptions(id));
