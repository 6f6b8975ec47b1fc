import { apiPaths, type Product } from '@agrivet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosProgressEvent } from 'axios';
import { apiPost } from '@/lib/api-client';
import { dashboardKeys } from './keys';

export interface SaveProductInput {
  /** null: create. */
  id: number | null;
  body: FormData;
  onUploadProgress?: (e: AxiosProgressEvent) => void;
}

/** POST product/create or product/update/{id} (multipart, with the image). */
export const saveProduct = ({ id, body, onUploadProgress }: SaveProductInput) =>
  apiPost<Product>(id === null ? apiPaths.product.create : apiPaths.product.update(id), body, { onUploadProgress });

/** Saves, keeps the answer as the product's cached copy, and refetches the lists and the store pages. */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(dashboardKeys.product(product.id), product);
      for (const queryKey of [dashboardKeys.productLists, dashboardKeys.stats, dashboardKeys.catalogue])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
