import { type AuthPayload, apiPaths, registerSchema } from '@agrivet/shared';
import { apiPost } from '@/lib/api-client';

export { registerSchema };
export interface RegisterInput {
  phone: string;
  name: string;
  type: number | '';
  password: string;
  password_confirmation: string;
}

/** POST auth/register → {token, user}. */
export const register = (input: RegisterInput): Promise<AuthPayload> =>
  apiPost<AuthPayload>(apiPaths.auth.register, { ...input, type: Number(input.type) });
