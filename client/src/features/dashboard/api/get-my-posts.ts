import { apiPaths, type Paged, type Post } from '@agrivet/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** The caller's own articles (admin: all), paged. */
export const getMyPosts = (page: number, signal?: AbortSignal) =>
  apiGet<Paged<Post>>(apiPaths.post.getAllPage, { page_number: page }, signal);

export const myPostsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: dashboardKeys.postList(page),
    queryFn: ({ signal }) => getMyPosts(page, signal),
    placeholderData: keepPreviousData,
  });

export const useMyPosts = (page: number) => useQuery(myPostsQueryOptions(page));
