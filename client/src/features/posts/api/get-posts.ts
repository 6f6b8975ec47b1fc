import { apiPaths, type Paged, type Post } from '@agrivet/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { postKeys } from './keys';

/** GET post/getAll?page_number → articles, special first. */
export const getPosts = (page: number, signal?: AbortSignal): Promise<Paged<Post>> =>
  apiGet<Paged<Post>>(apiPaths.post.getAll, { page_number: page }, signal);

export const postsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: postKeys.list(page),
    queryFn: ({ signal }) => getPosts(page, signal),
    placeholderData: keepPreviousData,
  });

export const usePosts = (page: number) => useQuery(postsQueryOptions(page));
