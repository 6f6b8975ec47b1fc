import { apiPaths, type User } from '@agrivet/shared';
import { apiGet } from '@/lib/api-client';

/** GET auth/user: the signed-in user again (has_store after creating a store; the session keeps it). */
export const getMe = () => apiGet<{ user: User }>(apiPaths.auth.user);
