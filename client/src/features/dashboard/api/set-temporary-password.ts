import { apiPaths, type User } from '@agrivet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { dashboardKeys } from './keys';

export interface TemporaryPasswordInput {
  userId: number;
  password: string;
}

/** Admin: POST user/set-password/{id} answers the user's /forget-password request. */
export const setTemporaryPassword = ({ userId, password }: TemporaryPasswordInput) =>
  apiPost<{ user: User }>(apiPaths.user.setPassword(userId), { password });

/** Sets it, then refetches the open requests (answered ones leave the list) and the users. */
export function useSetTemporaryPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTemporaryPassword,
    onSuccess: () => {
      for (const queryKey of [dashboardKeys.passwordRequestLists, dashboardKeys.userLists])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
