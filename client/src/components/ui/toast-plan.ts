/**
 * Toasts that help (issue 14 item 9): identical toasts share one id, so a second one updates the first
 * instead of stacking; a success of an `action` (login, order-place, …) clears that action's error
 * toasts shown since its last success. Loaded with the toast UI (toaster-host.tsx).
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

/** What to do for a toast: the request, and the earlier toasts it clears. */
export function planToast(
  type: ToastType,
  title: string,
  description: string | undefined,
  duration: number,
  action?: string,
): { request: ToastRequest; clear: string[] } {
  const id = toastId(type, title, description);
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
