import { apiPaths } from '@agrivet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** POST store/delete/{id} (admin). */
export const deleteStore = (id: number) => apiPost<{ id: number }>(apiPaths.store.delete(id));

/** Deletes and refetches what showed the store (its products go with it). */
export function useDeleteStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStore,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: dashboardKeys.store(id) });
      for (const queryKey of [
        dashboardKeys.storeLists,
        dashboardKeys.productLists,
        dashboardKeys.userLists,
        dashboardKeys.catalogue,
      ])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
