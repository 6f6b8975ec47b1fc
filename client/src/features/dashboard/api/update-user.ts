import { apiPaths, type Paged, type User } from '@agrivet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosProgressEvent } from 'axios';
import { apiPost } from '@/lib/api-client';
import { dashboardKeys } from './keys';

export interface UpdateUserInput {
  id: number;
  /** The profile form (multipart with the image) or the admin's status change. */
  body: FormData | Record<string, unknown>;
  onUploadProgress?: (e: AxiosProgressEvent) => void;
}

/** POST user/update/{id}: own profile, or the admin changing a store account's status. */
export const updateUser = ({ id, body, onUploadProgress }: UpdateUserInput) =>
  apiPost<{ user: User }>(apiPaths.user.update(id), body, { onUploadProgress });

/** Updates, puts the answer in the users pages held, and refetches the stores (they name their owners). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: ({ user }) => {
      queryClient.setQueriesData<Paged<User>>({ queryKey: dashboardKeys.userLists }, (page) =>
        page ? { ...page, data: page.data.map((u) => (u.id === user.id ? user : u)) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.storeLists });
    },
  });
}
