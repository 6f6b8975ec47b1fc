/**
 * product/*: one product (public: the cart's price check and the dashboard's edit form share its key),
 * the product lists (product/getAll: the dashboard's tables), and the dashboard's writes. A store's
 * product page (store/get-page) is in api/stores.ts.
 */
import { apiPaths, type Paged, type Product } from '@agrivet/shared';
import {
  keepPreviousData,
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AxiosProgressEvent } from 'axios';
import { productKeys, statsKeys } from '@/api/keys';
import { apiGet, apiPost } from '@/lib/api-client';
import { invalidateAllBut, scope } from '@/lib/query-client';

export { productKeys };

/** GET product/getAll?page_number&store_id: every store's products (admin), or one store's. */
export const getProducts = (page: number, storeId: number | null, signal?: AbortSignal) =>
  apiGet<Paged<Product>>(apiPaths.product.getAll, { page_number: page, store_id: storeId }, signal);

export const productsQueryOptions = (storeId: number | null, page: number) =>
  queryOptions({
    queryKey: productKeys.list(storeId, page),
    queryFn: ({ signal }) => getProducts(page, storeId, signal),
    placeholderData: keepPreviousData,
  });

export const useProducts = (storeId: number | null, page: number) => useQuery(productsQueryOptions(storeId, page));

/** A store's first 50 products, to pick one to send as a card (the store's inbox). */
export const productPickerQueryOptions = (storeId: number) =>
  queryOptions({
    queryKey: productKeys.picker(storeId),
    queryFn: ({ signal }) =>
      apiGet<Paged<Product>>(apiPaths.product.getAll, { store_id: storeId, per_page: 50 }, signal),
    staleTime: 60_000,
  });

/** GET product/get/{id}: the product as the store sells it now (price, or 404 once deleted). */
export const getProduct = (id: number, signal?: AbortSignal): Promise<Product> =>
  apiGet<Product>(apiPaths.product.get(id), undefined, signal);

export const productQueryOptions = (id: number) =>
  queryOptions({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal) });

/** Checked each time a screen opens (the cart: never a stale price). */
export const freshProductQueryOptions = (id: number) =>
  queryOptions({ ...productQueryOptions(id), staleTime: 0, refetchOnMount: 'always' });

/** `null`: no product to load (the create form). */
export const useProduct = (id: number | null) =>
  useQuery(id === null ? { queryKey: productKeys.detail(0), queryFn: skipToken } : productQueryOptions(id));

export interface SaveProductInput {
  /** null: create. */
  id: number | null;
  body: FormData;
  onUploadProgress?: (e: AxiosProgressEvent) => void;
}

/** POST product/create or product/update/{id} (multipart, with the image). */
export const saveProduct = ({ id, body, onUploadProgress }: SaveProductInput) =>
  apiPost<Product>(id === null ? apiPaths.product.create : apiPaths.product.update(id), body, { onUploadProgress });

/** Saves, keeps the answer as the product's cached copy, and refetches the lists and the store pages. */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      for (const queryKey of [productKeys.lists(), statsKeys.all]) void queryClient.invalidateQueries({ queryKey });
      void invalidateAllBut(queryClient, [scope.catalogue], productKeys.detail(product.id));
    },
  });
}

/** POST product/delete/{id}. */
export const deleteProduct = (id: number) => apiPost<{ id: number }>(apiPaths.product.delete(id));

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: productKeys.detail(id) });
      for (const queryKey of [productKeys.lists(), statsKeys.all, [scope.catalogue]])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
