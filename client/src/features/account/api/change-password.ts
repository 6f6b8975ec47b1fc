import { apiPaths } from '@agrivet/shared';
import { apiPost } from '@/lib/api-client';

export interface ChangePasswordInput {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** POST auth/change-password: the signed-in user's own password. */
export const changePassword = (body: ChangePasswordInput) =>
  apiPost<{ message: string }>(apiPaths.auth.changePassword, body);
