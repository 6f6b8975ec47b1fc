import { apiPaths } from '@agrivet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** POST post/delete/{id}. */
export const deletePost = (id: number) => apiPost<{ id: number }>(apiPaths.post.delete(id));

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: dashboardKeys.post(id) });
      for (const queryKey of [dashboardKeys.postLists, dashboardKeys.catalogue])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
