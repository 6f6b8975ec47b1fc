import { type AuthPayload, apiPaths, loginSchema } from '@agrivet/shared';
import { apiPost } from '@/lib/api-client';

export { loginSchema };
export interface LoginInput {
  phone: string;
  password: string;
}

/** POST auth/login → {token, user}. */
export const login = (input: LoginInput): Promise<AuthPayload> => apiPost<AuthPayload>(apiPaths.auth.login, input);
