import { apiPaths, type Paged, type Review } from '@agrivet/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { productKeys } from './keys';

/** GET store/reviews/{id}?page_number → the store's reviews, newest first (CONTRACT.md §7). */
export const getStoreReviews = (storeId: number, page: number, signal?: AbortSignal): Promise<Paged<Review>> =>
  apiGet<Paged<Review>>(apiPaths.store.reviews(storeId), { page_number: page }, signal);

export const storeReviewsQueryOptions = (storeId: number, page: number) =>
  queryOptions({
    queryKey: productKeys.reviews(storeId, page),
    queryFn: ({ signal }) => getStoreReviews(storeId, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useStoreReviews = (storeId: number, page: number) => useQuery(storeReviewsQueryOptions(storeId, page));
