/**
 * post/*: the articles. Public ones are catalogue (saved for offline visits); the dashboard's own list
 * (post/getAll-page) is account data. One key per endpoint: a save or delete reaches the blog, the
 * article page and the dashboard alike.
 */
import { apiPaths, type Paged, type Post } from '@agrivet/shared';
import {
  keepPreviousData,
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AxiosProgressEvent } from 'axios';
import { apiGet, apiPost } from '@/lib/api-client';
import { postKeys } from '@/api/keys';
import { invalidateAllBut, scope } from '@/lib/query-client';

export { postKeys };

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

/** GET post/getAll-page?page_number: the caller's own articles (admin: all), paged. */
export const getMyPosts = (page: number, signal?: AbortSignal) =>
  apiGet<Paged<Post>>(apiPaths.post.getAllPage, { page_number: page }, signal);

export const myPostsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: postKeys.minePage(page),
    queryFn: ({ signal }) => getMyPosts(page, signal),
    placeholderData: keepPreviousData,
  });

export const useMyPosts = (page: number) => useQuery(myPostsQueryOptions(page));

/** GET post/get/{id}. */
export const getPost = (id: number, signal?: AbortSignal): Promise<Post> =>
  apiGet<Post>(apiPaths.post.get(id), undefined, signal);

export const postQueryOptions = (id: number) =>
  queryOptions({
    queryKey: postKeys.detail(id),
    queryFn: ({ signal }) => getPost(id, signal),
  });

/**
 * One article (`null`: none to load, the create form); opened from a list, the list's copy of it
 * shows while the full answer arrives.
 */
export function usePost(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery(
    id === null
      ? { queryKey: postKeys.detail(0), queryFn: skipToken }
      : {
          ...postQueryOptions(id),
          placeholderData: () =>
            queryClient
              .getQueriesData<Paged<Post>>({ queryKey: postKeys.lists() })
              .flatMap(([, page]) => page?.data ?? [])
              .find((post) => post.id === id),
        },
  );
}

export interface SavePostInput {
  /** null: create. */
  id: number | null;
  body: FormData;
  onUploadProgress?: (e: AxiosProgressEvent) => void;
}

/** POST post/create or post/update/{id} (multipart, with the image). */
export const savePost = ({ id, body, onUploadProgress }: SavePostInput) =>
  apiPost<Post>(id === null ? apiPaths.post.create : apiPaths.post.update(id), body, { onUploadProgress });

/** Saves, keeps the answer as the article's cached copy, and refetches the lists and the public pages. */
export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePost,
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.detail(post.id), post);
      void queryClient.invalidateQueries({ queryKey: postKeys.mine() });
      void invalidateAllBut(queryClient, [scope.catalogue], postKeys.detail(post.id));
    },
  });
}

/** POST post/delete/{id}. */
export const deletePost = (id: number) => apiPost<{ id: number }>(apiPaths.post.delete(id));

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: postKeys.detail(id) });
      for (const queryKey of [postKeys.mine(), [scope.catalogue]]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
