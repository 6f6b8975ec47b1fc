import { apiPaths, type Post } from '@agrivet/shared';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** One article (the edit form). */
export const getPost = (id: number, signal?: AbortSignal) => apiGet<Post>(apiPaths.post.get(id), undefined, signal);

export const postQueryOptions = (id: number) =>
  queryOptions({ queryKey: dashboardKeys.post(id), queryFn: ({ signal }) => getPost(id, signal) });

/** `null`: no article to load (the create form). */
export const usePost = (id: number | null) =>
  useQuery(id === null ? { queryKey: dashboardKeys.post(0), queryFn: skipToken } : postQueryOptions(id));
