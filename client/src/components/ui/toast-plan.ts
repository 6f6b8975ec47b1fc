/**
 * Toasts that help (issue 14 item 9): identical toasts share one id, so a second one updates the first
 * instead of stacking; a success of an `action` (login, order-place, …) clears that action's error
 * toasts shown since its last success; signing in clears what was said to the visitor before it (a
 * «يرجى تسجيل الدخول أولاً» that sent them to /login, a failed attempt), successes aside. Loaded with the
 * toast UI (toaster-host.tsx).
 */
export type ToastType = 'success' | 'error' | 'info' | 'warning';

/**
 * `action`: what the toast reports on (e.g. 'login', 'order-place'). A success of an action clears that
 * action's earlier error toasts. Without one, toasts still merge when identical.
 */
export interface NotifyOptions {
  action?: string;
  description?: string;
  /** A button in the toast that leads on from it (e.g. «عرض السلة» after an add to the cart). */
  button?: { label: string; onClick: () => void };
}

export interface ToastRequest {
  id: string;
  type: ToastType;
  title: string;
  description?: string;
  duration: number;
}

export function toastId(type: ToastType, title: string, description?: string): string {
  return `${type}\u0000${title}\u0000${description ?? ''}`;
}

/** action → ids of its error toasts shown since its last success. */
const errorsByAction = new Map<string, Set<string>>();

/** Ids of the toasts shown while signed out, successes aside: over once the visitor signs in. */
const visitorToasts = new Set<string>();

/**
 * What to do for a toast: the request, and the earlier toasts it clears. `signedIn`: whether someone is
 * signed in as it shows (a visitor's toast, successes aside, is cleared by `planSignIn`).
 */
export function planToast(
  type: ToastType,
  title: string,
  description: string | undefined,
  duration: number,
  action?: string,
  signedIn = true,
): { request: ToastRequest; clear: string[] } {
  const id = toastId(type, title, description);
  if (!signedIn && type !== 'success') visitorToasts.add(id);
  let clear: string[] = [];
  if (action) {
    const errors = errorsByAction.get(action);
    if (type === 'error') {
      if (errors) errors.add(id);
      else errorsByAction.set(action, new Set([id]));
    } else if (type === 'success' && errors) {
      clear = [...errors];
      errorsByAction.delete(action);
    }
  }
  return { request: { id, type, title, description, duration }, clear };
}

/**
 * Someone signed in: the toasts shown to the visitor before it, to clear — the sign-in prompts of «اطلب»,
 * «اسأل المتجر عن هذا المنتج» or «مراسلة» (answered now), a failed attempt's error (the attempt that
 * counted succeeded). Never a success («تم تسجيل الخروج بنجاح», «تم تسجيل الدخول بنجاح»).
 */
export function planSignIn(): string[] {
  const clear = [...visitorToasts];
  visitorToasts.clear();
  return clear;
}
