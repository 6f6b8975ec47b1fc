import { apiPaths, type Paged, type Post } from '@agrivet/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { postKeys } from './keys';

/** GET post/get/{id}. */
export const getPost = (id: number, signal?: AbortSignal): Promise<Post> =>
  apiGet<Post>(apiPaths.post.get(id), undefined, signal);

export const postQueryOptions = (id: number) =>
  queryOptions({
    queryKey: postKeys.detail(id),
    queryFn: ({ signal }) => getPost(id, signal),
  });

/** One article; opened from the list, the list's copy of it shows while the full answer arrives. */
export function usePost(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    ...postQueryOptions(id),
    placeholderData: () =>
      queryClient
        .getQueriesData<Paged<Post>>({ queryKey: postKeys.lists() })
        .flatMap(([, page]) => page?.data ?? [])
        .find((post) => post.id === id),
  });
}
