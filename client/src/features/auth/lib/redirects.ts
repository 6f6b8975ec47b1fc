/** Where to go after login and register (SPEC.md §2; status reading of CONTRACT.md §5). */
import type { User } from '@agrivet/shared';
import { paths } from '@/config/paths';

export interface RedirectDecision {
  to: string;
  /** Show 'اشتراكك منتهي الصلاحية' before going. */
  subscriptionExpired?: boolean;
}

/**
 * The `next` of /login?next=… if it is a path of this site worth coming back to: starts with one `/`
 * (no `//host` or `/\\host`, no scheme), holds no control characters, and is not an auth screen.
 */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || next.length > 2000) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\u0000-\u001F\u007F\\]/.test(next)) return null;
  const path = next.split(/[?#]/)[0] ?? '';
  const auth: string[] = [
    paths.login.getHref(),
    paths.signup.getHref(),
    paths.createAccount.getHref(),
    paths.forgetPassword.getHref(),
  ];
  if (auth.includes(path)) return null;
  return next;
}

/**
 * Checked in SPEC.md's order: farmer, admin, no store, status ≠ 1, else expired. A farmer goes back to
 * `next` (CONTRACT.md §5) when it is safe (`safeNext`), else home; other account types ignore it.
 */
export function redirectAfterLogin(
  user: Pick<User, 'type' | 'has_store' | 'status'>,
  next?: string | null,
): RedirectDecision {
  if (user.type === 2) return { to: safeNext(next) ?? paths.home.getHref() };
  if (user.type === 0) return { to: paths.dashboard.userList.getHref() };
  if (!user.has_store) return { to: paths.dashboard.storeAdd.getHref() };
  if (user.status !== 1) return { to: paths.dashboard.blogList.getHref() };
  return { to: paths.home.getHref(), subscriptionExpired: true };
}

/** Doctor/pharmacy (1) and nursery (3) go to the store form; a farmer back to a safe `next`, else home. */
export function redirectAfterRegister(user: Pick<User, 'type'>, next?: string | null): RedirectDecision {
  if (user.type === 1 || user.type === 3) return { to: paths.dashboard.storeAdd.getHref() };
  return { to: (user.type === 2 ? safeNext(next) : null) ?? paths.home.getHref() };
}
