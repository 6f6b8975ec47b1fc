import { apiPaths, type Store } from '@agrivet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosProgressEvent } from 'axios';
import { apiPost } from '@/lib/api-client';
import { dashboardKeys } from './keys';

export interface SaveStoreInput {
  /** null: create. */
  id: number | null;
  body: FormData;
  onUploadProgress?: (e: AxiosProgressEvent) => void;
}

/** POST store/create or store/update/{id} (multipart, with the image). */
export const saveStore = ({ id, body, onUploadProgress }: SaveStoreInput) =>
  apiPost<Store>(id === null ? apiPaths.store.create : apiPaths.store.update(id), body, { onUploadProgress });

/** Saves, keeps the answer as the store's cached copy, and refetches what lists stores. */
export function useSaveStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStore,
    onSuccess: (store) => {
      queryClient.setQueryData(dashboardKeys.store(store.id), store);
      // The users list shows each account's store; the catalogue shows the store to everyone.
      for (const queryKey of [dashboardKeys.storeLists, dashboardKeys.userLists, dashboardKeys.catalogue])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
