/**
 * store/*: the public store lists (get-By-city), one store, a store's product page (get-page) and its
 * reviews — catalogue, saved for offline visits — and the admin's table (getAll) with the writes.
 */
import { apiPaths, type Paged, type Product, type Review, type Store, type StoreHoursEntry } from '@agrivet/shared';
import {
  keepPreviousData,
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AxiosProgressEvent } from 'axios';
import { productKeys, type StoresQuery, storeKeys, userKeys } from '@/api/keys';
import { apiGet, apiPost } from '@/lib/api-client';
import { invalidateAllBut, scope } from '@/lib/query-client';

export { type StoresQuery, storeKeys };

/** GET store/get-By-city?type&page_number&city&sort (city optional: all provinces; sort=rating: best rated first). */
export const getStoresByCity = ({ type, page, city, sort }: StoresQuery, signal?: AbortSignal) =>
  apiGet<Paged<Store>>(apiPaths.store.getByCity, { type, page_number: page, city, ...(sort ? { sort } : {}) }, signal);

export const storesByCityQueryOptions = (query: StoresQuery) =>
  queryOptions({
    queryKey: storeKeys.byCity(query),
    queryFn: ({ signal }) => getStoresByCity(query, signal),
    // Another page or province keeps the current cards on screen (dimmed) until it arrives.
    placeholderData: keepPreviousData,
  });

export const useStoresByCity = (query: StoresQuery) => useQuery(storesByCityQueryOptions(query));

/** GET store/getAll?page_number: every store, paged (the admin's table). */
export const getStores = (page: number, signal?: AbortSignal) =>
  apiGet<Paged<Store>>(apiPaths.store.getAll, { page_number: page }, signal);

export const storesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: storeKeys.list(page),
    queryFn: ({ signal }) => getStores(page, signal),
    placeholderData: keepPreviousData,
  });

export const useStores = (page: number) => useQuery(storesQueryOptions(page));

/**
 * A store as store/get/{id} answers it. `open_now` and `reply_minutes` come with CONTRACT.md §8's
 * store fields: shown when the API sends them.
 */
export type ProductStore = Store & {
  open_now?: boolean;
  reply_minutes?: number | null;
};

/** GET store/get/{id}: one store (name, whether it takes orders: `available`, hours …). */
export const getStore = (id: number, signal?: AbortSignal): Promise<ProductStore> =>
  apiGet<ProductStore>(apiPaths.store.get(id), undefined, signal);

export const storeQueryOptions = (id: number) =>
  queryOptions({ queryKey: storeKeys.detail(id), queryFn: ({ signal }) => getStore(id, signal) });

/** Checked each time a screen opens (the cart: whether the store takes orders now). */
export const freshStoreQueryOptions = (id: number) =>
  queryOptions({ ...storeQueryOptions(id), staleTime: 0, refetchOnMount: 'always' });

/** `null`: no store to load (a create form). */
export const useStore = (id: number | null) =>
  useQuery(id === null ? { queryKey: storeKeys.detail(0), queryFn: skipToken } : storeQueryOptions(id));

export type StorePage = Paged<Product> & { store: Store };

/** GET store/get-page/{id}?page_number → that store's products, paged, plus the store. */
export const getStoreProducts = (storeId: number, page: number, signal?: AbortSignal): Promise<StorePage> =>
  apiGet<StorePage>(apiPaths.store.getPage(storeId), { page_number: page }, signal);

export const storeProductsQueryOptions = (storeId: number, page: number) =>
  queryOptions({
    queryKey: storeKeys.page(storeId, page),
    queryFn: ({ signal }) => getStoreProducts(storeId, page, signal),
    // The next page keeps this one on screen (dimmed) until it arrives, but not another store's.
    placeholderData: (previous) => (previous?.store.id === storeId ? previous : undefined),
  });

export const useStoreProducts = (storeId: number, page: number) => useQuery(storeProductsQueryOptions(storeId, page));

/** GET store/reviews/{id}?page_number → the store's reviews, newest first (CONTRACT.md §7). */
export const getStoreReviews = (storeId: number, page: number, signal?: AbortSignal): Promise<Paged<Review>> =>
  apiGet<Paged<Review>>(apiPaths.store.reviews(storeId), { page_number: page }, signal);

export const storeReviewsQueryOptions = (storeId: number, page: number) =>
  queryOptions({
    queryKey: storeKeys.reviews(storeId, page),
    queryFn: ({ signal }) => getStoreReviews(storeId, page, signal),
    placeholderData: keepPreviousData,
    // Checked again on a later visit, but not by the hydration of the page the server just rendered
    // them into (that refetch loaded the api client, axios, while the page hydrated); a buyer's own
    // rating invalidates them (api/orders.ts useRateOrder).
    staleTime: 15_000,
  });

export const useStoreReviews = (storeId: number, page: number) => useQuery(storeReviewsQueryOptions(storeId, page));

export interface SaveStoreInput {
  /** null: create. */
  id: number | null;
  body: FormData;
  onUploadProgress?: (e: AxiosProgressEvent) => void;
}

/** POST store/create or store/update/{id} (multipart, with the image). */
export const saveStore = ({ id, body, onUploadProgress }: SaveStoreInput) =>
  apiPost<Store>(id === null ? apiPaths.store.create : apiPaths.store.update(id), body, { onUploadProgress });

/** Saves, keeps the answer as the store's cached copy, and refetches what lists stores. */
export function useSaveStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStore,
    onSuccess: (store) => {
      queryClient.setQueryData(storeKeys.detail(store.id), store);
      // The users list shows each account's store; the catalogue shows the store to everyone.
      for (const queryKey of [storeKeys.lists(), userKeys.lists()]) void queryClient.invalidateQueries({ queryKey });
      void invalidateAllBut(queryClient, [scope.catalogue], storeKeys.detail(store.id));
    },
  });
}

export interface StoreHoursInput {
  id: number;
  hours: StoreHoursEntry[];
  away_message: string | null;
}

/** POST store/update/{id} `{hours, away_message}` (CONTRACT.md §8): the opening hours and away message alone. */
export const saveStoreHours = ({ id, hours, away_message }: StoreHoursInput) =>
  apiPost<Store>(apiPaths.store.update(id), { hours, away_message });

/** Saves the hours, keeps the answer as the store's cached copy, and refetches the catalogue (open now). */
export function useSaveStoreHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStoreHours,
    onSuccess: (store) => {
      queryClient.setQueryData(storeKeys.detail(store.id), store);
      void invalidateAllBut(queryClient, [scope.catalogue], storeKeys.detail(store.id));
    },
  });
}

/** POST store/delete/{id} (admin). */
export const deleteStore = (id: number) => apiPost<{ id: number }>(apiPaths.store.delete(id));

/** Deletes and refetches what showed the store (its products go with it). */
export function useDeleteStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStore,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: storeKeys.detail(id) });
      for (const queryKey of [storeKeys.lists(), productKeys.lists(), userKeys.lists(), [scope.catalogue]])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** POST store/update/{id} {verified} (admin only, CONTRACT.md §7): marks a store verified or not. */
export const setStoreVerified = ({ id, verified }: { id: number; verified: boolean }) =>
  apiPost<Store>(apiPaths.store.update(id), { verified });

/** Saves, keeps the answer as the store's cached copy, and refetches the store lists and the catalogue. */
export function useSetStoreVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStoreVerified,
    onSuccess: (store) => {
      queryClient.setQueryData(storeKeys.detail(store.id), store);
      void queryClient.invalidateQueries({ queryKey: storeKeys.lists() });
      void invalidateAllBut(queryClient, [scope.catalogue], storeKeys.detail(store.id));
    },
  });
}
