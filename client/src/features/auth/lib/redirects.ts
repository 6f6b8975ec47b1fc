/** Where to go after login and register (SPEC.md §2; status reading of CONTRACT.md §5). */
import type { User } from '@agrivet/shared';
import { paths } from '../../../config/paths';

export interface RedirectDecision {
  to: string;
  /** Show 'اشتراكك منتهي الصلاحية' before going. */
  subscriptionExpired?: boolean;
}

/** Checked in SPEC.md's order: farmer, admin, no store, status ≠ 1, else expired. */
export function redirectAfterLogin(user: Pick<User, 'type' | 'has_store' | 'status'>): RedirectDecision {
  if (user.type === 2) return { to: paths.home.getHref() };
  if (user.type === 0) return { to: paths.dashboard.userList.getHref() };
  if (!user.has_store) return { to: paths.dashboard.storeAdd.getHref() };
  if (user.status !== 1) return { to: paths.dashboard.blogList.getHref() };
  return { to: paths.home.getHref(), subscriptionExpired: true };
}

/** Doctor/pharmacy (1) and nursery (3) go to the store form; anyone else home. */
export function redirectAfterRegister(user: Pick<User, 'type'>): RedirectDecision {
  if (user.type === 1 || user.type === 3) return { to: paths.dashboard.storeAdd.getHref() };
  return { to: paths.home.getHref() };
}
