/**
 * user/*: the admin's users table and password requests, and user/update (one's own profile, a delivery
 * address from the checkout, the admin changing an account's status): its answer replaces the signed-in
 * user's query when it is them (api/auth.ts) and the row in every users page held.
 */
import { apiPaths, type Paged, type PasswordResetRequest, type User } from '@agrivet/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AxiosProgressEvent } from 'axios';
import { setUserData } from '@/api/auth';
import { storeKeys, userKeys } from '@/api/keys';
import { apiGet, apiPost } from '@/lib/api-client';

export { userKeys };

/** user/getAll filters (CONTRACT.md §8): name or phone (Arabic-normalised by the API), type, status, blocked. */
export interface UserFilters {
  q?: string;
  type?: number | '';
  status?: number | '';
  blocked?: '' | '0' | '1';
}

const userParams = (page: number, f: UserFilters) => {
  const out: Record<string, string | number> = { page_number: page };
  if (f.q?.trim()) out.q = f.q.trim();
  if (f.type !== undefined && f.type !== '') out.type = f.type;
  if (f.status !== undefined && f.status !== '') out.status = f.status;
  if (f.blocked) out.blocked = f.blocked;
  return out;
};

/** GET user/getAll?page_number&q&type&status&blocked: every user, paged and filtered (admin). */
export const getUsers = (page: number, signal?: AbortSignal, filters: UserFilters = {}) =>
  apiGet<Paged<User>>(apiPaths.user.getAll, userParams(page, filters), signal);

export const usersQueryOptions = (page: number, filters: UserFilters = {}) =>
  queryOptions({
    // the filters after the page: the pages held stay under userKeys.lists() (a saved user replaces its row)
    queryKey: [...userKeys.list(page), userParams(1, filters)] as const,
    queryFn: ({ signal }) => getUsers(page, signal, filters),
    placeholderData: keepPreviousData,
  });

export const useUsers = (page: number, filters: UserFilters = {}) => useQuery(usersQueryOptions(page, filters));

/** GET user/password-requests?page_number: open /forget-password requests, paged (admin). */
export const getPasswordRequests = (page: number, signal?: AbortSignal) =>
  apiGet<Paged<PasswordResetRequest>>(apiPaths.user.passwordRequests, { page_number: page }, signal);

export const passwordRequestsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: userKeys.passwordRequestPage(page),
    queryFn: ({ signal }) => getPasswordRequests(page, signal),
    placeholderData: keepPreviousData,
  });

export const usePasswordRequests = (page: number) => useQuery(passwordRequestsQueryOptions(page));

export interface UpdateUserInput {
  id: number;
  /** Multipart (a profile with its photo) or JSON (an address, the admin's status change). */
  body: FormData | Record<string, unknown>;
  onUploadProgress?: (e: AxiosProgressEvent) => void;
}

/** POST user/update/{id}: the user itself (not status, not type), the admin (status too). */
export const updateUser = ({ id, body, onUploadProgress }: UpdateUserInput) =>
  apiPost<{ user: User }>(apiPaths.user.update(id), body, { onUploadProgress });

/**
 * Updates, then puts the answer where it shows: the signed-in user (when it is them), the users pages
 * held; the admin's store list names each store's owner, so it is refetched.
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: ({ user }) => {
      setUserData(queryClient, user);
      queryClient.setQueriesData<Paged<User>>({ queryKey: userKeys.lists() }, (page) =>
        page ? { ...page, data: page.data.map((u) => (u.id === user.id ? user : u)) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: storeKeys.lists() });
    },
  });
}

export interface TemporaryPasswordInput {
  userId: number;
  password: string;
}

/** POST user/set-password/{id} (admin): answers the user's /forget-password request. */
export const setTemporaryPassword = ({ userId, password }: TemporaryPasswordInput) =>
  apiPost<{ user: User }>(apiPaths.user.setPassword(userId), { password });

/** Sets it, then refetches the open requests (answered ones leave the list) and the users. */
export function useSetTemporaryPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTemporaryPassword,
    onSuccess: () => {
      for (const queryKey of [userKeys.passwordRequests(), userKeys.lists()])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
