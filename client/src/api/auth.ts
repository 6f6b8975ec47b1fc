/**
 * auth/*: the signed-in user as server state, and the writes that change who is signed in.
 *
 * The user is one query, `authKeys.user()` (GET auth/user), read with `useUser()` in components and
 * `getUser()` outside React; the session store (stores/session.ts) keeps only the token. Login and
 * register put their answer in the query, logout clears the token (lib/query-client.ts then drops every
 * `account` query, this one too), a profile change sets it (api/users.ts). The query starts from the
 * last known user saved beside the token (lib/saved-user.ts), so a signed-in user stays signed in while
 * GET auth/user cannot be reached; a failure other than a refusal is retried with a backoff (2 s … 60 s)
 * for as long as it takes, and at once when the browser comes back online (TanStack's onlineManager).
 */
import { type AuthPayload, apiPaths, type User } from '@agrivet/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import { authKeys } from '@/api/keys';
import { isRetriable, queryClient as appQueryClient } from '@/lib/query-client';
import { readSavedUser, writeSavedUser } from '@/lib/saved-user';
import { getToken, useSession, useToken } from '@/stores/session';

export { authKeys };

export interface LoginInput {
  phone: string;
  password: string;
}

export interface RegisterInput {
  phone: string;
  name: string;
  type: number | '';
  password: string;
  password_confirmation: string;
}

export interface ChangePasswordInput {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** POST auth/login → {token, user}. */
export const login = (input: LoginInput): Promise<AuthPayload> => apiPost<AuthPayload>(apiPaths.auth.login, input);

/** POST auth/register → {token, user}. */
export const register = (input: RegisterInput): Promise<AuthPayload> =>
  apiPost<AuthPayload>(apiPaths.auth.register, { ...input, type: Number(input.type) });

/** POST auth/forget-password {phone}: records a request the admin answers (CONTRACT.md §5). */
export const forgetPassword = (phone: string): Promise<unknown> =>
  apiPost<unknown>(apiPaths.auth.forgetPassword, { phone });

/** POST auth/change-password: the signed-in user's own password (nothing cached changes). */
export const changePassword = (body: ChangePasswordInput) =>
  apiPost<{ message: string }>(apiPaths.auth.changePassword, body);

/** Backoff of the user query's retries: 2 s, 4 s … at most a minute apart. */
export const userRetryDelay = (attempt: number) => Math.min(2_000 * 2 ** attempt, 60_000);

/** GET auth/user: the signed-in user (`has_store`, `store`, `subscription`). */
export function userQueryOptions() {
  return queryOptions({
    queryKey: authKeys.user(),
    queryFn: ({ signal }) => apiGet<{ user: User }>(apiPaths.auth.user, undefined, signal).then((d) => d.user),
    // Fetched once per page load (the saved copy counts as old), then fresh for five minutes.
    staleTime: 5 * 60_000,
    // Offline or down: keep trying (a 401 is final: the api client signs out).
    retry: (_count, error) => isRetriable(error),
    retryDelay: userRetryDelay,
    // The first try goes out even when the browser says offline; later ones wait for the link.
    networkMode: 'offlineFirst',
  });
}

/** Puts the saved user (if a token is saved too) in a client's cache, as old data to revalidate. */
export function seedSavedUser(client: QueryClient, updatedAt = 0): void {
  if (!getToken() || client.getQueryData(authKeys.user())) return;
  const saved = readSavedUser();
  if (saved) client.setQueryData(authKeys.user(), saved, { updatedAt });
}

/** Keeps the saved copy equal to the query's data while a token is held. Returns the unsubscribe. */
export function saveUserChanges(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryHash !== JSON.stringify(authKeys.user())) return;
    if (getToken()) writeSavedUser(event.query.state.data as User);
  });
}

seedSavedUser(appQueryClient);
saveUserChanges(appQueryClient);

/** The user query of the signed-in user (disabled while signed out). */
export function useUserQuery() {
  const token = useToken();
  return useQuery({ ...userQueryOptions(), enabled: token !== null });
}

/** The signed-in user, or null (signed out, or not fetched yet and none saved). */
export function useUser(): User | null {
  const token = useToken();
  const query = useUserQuery();
  return token ? (query.data ?? null) : null;
}

/** The retry button of a screen without the user: a fresh try at once, skipping the backoff's wait. */
export async function retryUser(client: QueryClient): Promise<void> {
  await client.cancelQueries({ queryKey: authKeys.user() });
  await client.refetchQueries({ queryKey: authKeys.user() });
}

/** The signed-in user outside React (the app's client), or null. */
export function getUser(): User | null {
  return getToken() ? (appQueryClient.getQueryData<User>(authKeys.user()) ?? null) : null;
}

/** Disabled accounts (status 1) see no orders or chats in the top bar (CONTRACT.md §5). */
export const canOrderAndChat = (user: User | null) => user !== null && user.status !== 1;

/** A newer copy of the signed-in user (a profile change) into the query; someone else's answer is ignored. */
export function setUserData(client: QueryClient, user: User): void {
  const me = client.getQueryData<User>(authKeys.user());
  if (me?.id === user.id) client.setQueryData(authKeys.user(), user);
}

/** The answer of login or register: the token first (the previous account's queries go), then the user. */
export function signIn(client: QueryClient, { token, user }: AuthPayload): void {
  useSession.getState().setToken(token);
  writeSavedUser(user);
  client.setQueryData(authKeys.user(), user);
}

/** POST auth/logout (best effort) then forget the token. Throws the API error after clearing. */
export async function logout(): Promise<void> {
  const hadToken = getToken() !== null;
  try {
    if (hadToken) {
      // This browser's push subscription goes first, while the token still works (lib/push.ts).
      await import('@/lib/push').then((m) => m.disablePush()).catch(() => undefined);
      await apiPost<unknown>(apiPaths.auth.logout);
    }
  } finally {
    useSession.getState().clear();
  }
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation({ mutationFn: login, onSuccess: (payload) => signIn(client, payload) });
}

export function useRegister() {
  const client = useQueryClient();
  return useMutation({ mutationFn: register, onSuccess: (payload) => signIn(client, payload) });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

export function useForgetPassword() {
  return useMutation({ mutationFn: forgetPassword });
}
