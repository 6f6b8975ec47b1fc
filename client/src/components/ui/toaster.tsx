/**
 * Toasts (SPEC.md §8 alerts become toasts): `notify.success('تم')`, `notify.error(err, fallback)` from
 * anywhere. Identical toasts are merged (one id per type, title and text); a success with `{action}`
 * clears the same action's earlier error toasts (`notify.error(err, fallback, {action})`). Render <Toaster /> once (the app providers do); the toast UI loads with the first toast.
 */
import { lazy, Suspense } from 'react';
import { create } from 'zustand';
import { i18n } from '../../i18n';
import { errorMessage } from '../../lib/api-error';

type ToastType = 'success' | 'error' | 'info' | 'warning';
interface ToastRequest {
  id: string;
  type: ToastType;
  title: string;
  description?: string;
  duration: number;
}

/**
 * `action`: what the toast reports on (e.g. 'login', 'order-place'). A success of an action clears that
 * action's earlier error toasts. Without one, toasts still merge when identical.
 */
export interface NotifyOptions {
  action?: string;
  description?: string;
}

const useToasterNeeded = create<{ needed: boolean }>(() => ({ needed: false }));
const loadHost = () => import('./toaster-host');
const ToasterHost = lazy(loadHost);

/** Identical toasts (type, title, text) share one id, so a second one updates the first instead of stacking. */
export function toastId(type: ToastType, title: string, description?: string): string {
  return `${type}\u0000${title}\u0000${description ?? ''}`;
}

/** action → ids of its error toasts shown since its last success. */
const errorsByAction = new Map<string, Set<string>>();

/** What to do for a toast: the request, and the earlier toasts it clears. Exported for tests. */
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

function show(type: ToastType, title: string, description: string | undefined, duration: number, action?: string) {
  const { request, clear } = planToast(type, title, description, duration, action);
  useToasterNeeded.setState({ needed: true });
  void loadHost().then(({ toaster }) => {
    for (const id of clear) toaster.dismiss(id);
    toaster.create(request);
  });
}

const options = (o?: string | NotifyOptions): NotifyOptions => (typeof o === 'string' ? { description: o } : (o ?? {}));

export const notify = {
  /** A success toast; with `{action}` it clears that action's earlier error toasts. */
  success: (title: string, o?: string | NotifyOptions) => {
    const { description, action } = options(o);
    show('success', title, description, 3500, action);
  },
  info: (title: string, o?: string | NotifyOptions) => {
    const { description, action } = options(o);
    show('info', title, description, 4500, action);
  },
  /** An error toast titled 'فشل الطلب' with the error's message (or the fallback). */
  error: (err: unknown, fallback?: string, o?: NotifyOptions) =>
    show(
      'error',
      i18n.t('errors.requestFailed'),
      errorMessage(err, fallback ?? i18n.t('errors.requestFailed')),
      6000,
      o?.action,
    ),
};

export function Toaster() {
  const needed = useToasterNeeded((s) => s.needed);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToasterHost />
    </Suspense>
  );
}
