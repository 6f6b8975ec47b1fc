import { apiPaths, type Store } from '@agrivet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** POST store/update/{id} {verified} (admin only, CONTRACT.md §7): marks a store verified or not. */
export const setStoreVerified = ({ id, verified }: { id: number; verified: boolean }) =>
  apiPost<Store>(apiPaths.store.update(id), { verified });

/** Saves, keeps the answer as the store's cached copy, and refetches the store lists and the catalogue. */
export function useSetStoreVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStoreVerified,
    onSuccess: (store) => {
      queryClient.setQueryData(dashboardKeys.store(store.id), store);
      for (const queryKey of [dashboardKeys.storeLists, dashboardKeys.catalogue])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
