/** Admin: users (status), password-reset requests and temporary passwords; everyone: own profile. */
import { apiPaths, type Paged, type PasswordResetRequest, type User } from '@agrivet/shared';
import type { AxiosProgressEvent } from 'axios';
import { apiGet, apiPost } from '../../../lib/api-client';

export const getUsers = (page: number, signal?: AbortSignal) =>
  apiGet<Paged<User>>(apiPaths.user.getAll, { page_number: page }, signal);

export const updateUser = (
  id: number,
  body: FormData | Record<string, unknown>,
  onUploadProgress?: (e: AxiosProgressEvent) => void,
) => apiPost<{ user: User }>(apiPaths.user.update(id), body, { onUploadProgress });

export const getPasswordRequests = (page: number, signal?: AbortSignal) =>
  apiGet<Paged<PasswordResetRequest>>(apiPaths.user.passwordRequests, { page_number: page }, signal);

export const setTemporaryPassword = (userId: number, password: string) =>
  apiPost<{ user: User }>(apiPaths.user.setPassword(userId), { password });

export const changePassword = (body: { current_password: string; password: string; password_confirmation: string }) =>
  apiPost<{ message: string }>(apiPaths.auth.changePassword, body);

/** The signed-in user again (has_store after creating a store). */
export const getMe = () => apiGet<{ user: User }>(apiPaths.auth.user);
