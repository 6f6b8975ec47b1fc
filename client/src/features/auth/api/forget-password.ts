import { apiPaths, forgetPasswordSchema } from '@agrivet/shared';
import { apiPost } from '@/lib/api-client';

export { forgetPasswordSchema };

/** POST auth/forget-password {phone}: records a request the admin answers (CONTRACT.md §5). */
export const forgetPassword = (phone: string): Promise<unknown> =>
  apiPost<unknown>(apiPaths.auth.forgetPassword, { phone });
