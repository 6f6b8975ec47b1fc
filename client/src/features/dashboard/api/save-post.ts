import { apiPaths, type Post } from '@agrivet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosProgressEvent } from 'axios';
import { apiPost } from '@/lib/api-client';
import { dashboardKeys } from './keys';

export interface SavePostInput {
  /** null: create. */
  id: number | null;
  body: FormData;
  onUploadProgress?: (e: AxiosProgressEvent) => void;
}

/** POST post/create or post/update/{id} (multipart, with the image). */
export const savePost = ({ id, body, onUploadProgress }: SavePostInput) =>
  apiPost<Post>(id === null ? apiPaths.post.create : apiPaths.post.update(id), body, { onUploadProgress });

/** Saves, keeps the answer as the article's cached copy, and refetches the lists and the public blog. */
export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePost,
    onSuccess: (post) => {
      queryClient.setQueryData(dashboardKeys.post(post.id), post);
      for (const queryKey of [dashboardKeys.postLists, dashboardKeys.catalogue])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
