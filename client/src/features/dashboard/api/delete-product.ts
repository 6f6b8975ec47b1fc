import { apiPaths } from '@agrivet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** POST product/delete/{id}. */
export const deleteProduct = (id: number) => apiPost<{ id: number }>(apiPaths.product.delete(id));

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: dashboardKeys.product(id) });
      for (const queryKey of [dashboardKeys.productLists, dashboardKeys.stats, dashboardKeys.catalogue])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
