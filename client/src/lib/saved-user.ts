/**
 * The last known signed-in user, beside the token in localStorage ('session:user'): the user query
 * (api/auth.ts) starts from it, so a signed-in user stays signed in while GET auth/user cannot be
 * reached. Written whenever the query's data changes, removed with the token.
 */
import type { User } from '@agrivet/shared';

export const USER_STORAGE_KEY = 'session:user';

export function readSavedUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<User> | null;
    return parsed && typeof parsed.id === 'number' && typeof parsed.type === 'number' ? (parsed as User) : null;
  } catch {
    return null;
  }
}

export function writeSavedUser(user: User | null): void {
  try {
    if (user) localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    // storage unavailable: the user lasts for this page only
  }
}
