/**
 * Toasts (SPEC.md §8 alerts become toasts): `notify.success('تم')`, `notify.error(err, fallback)` from
 * anywhere. Identical toasts are merged (one id per type, title and text); a success with `{action}`
 * clears the same action's earlier error toasts (`notify.error(err, fallback, {action})`) — toast-plan.ts,
 * loaded with the toast UI. <Toaster /> mounts itself in the app providers' <Hosts /> when this module
 * loads (hosts.tsx); the toast UI loads with the first toast.
 */
import { lazy, Suspense } from 'react';
import { create } from 'zustand';
import { i18n } from '@/i18n';
import { errorMessage } from '@/lib/api-error';
import { mountHost } from './hosts';
import type { NotifyOptions, ToastType } from './toast-plan';

export type { NotifyOptions } from './toast-plan';

const useToasterNeeded = create<{ needed: boolean }>(() => ({ needed: false }));
const loadHost = () => import('./toaster-host');
const ToasterHost = lazy(loadHost);

/** The merging and clearing (toast-plan.ts) load with the toast UI, not with the first screen. */
function show(type: ToastType, title: string, o: string | NotifyOptions | undefined, duration: number) {
  // a toast with a button stays long enough to reach it
  if (typeof o === 'object' && o.button) duration = Math.max(duration, 5000);
  useToasterNeeded.setState({ needed: true });
  void loadHost().then(({ present }) => present(type, title, o, duration));
}

export const notify = {
  /** A success toast; with `{action}` it clears that action's earlier error toasts. */
  success: (title: string, o?: string | NotifyOptions) => show('success', title, o, 3500),
  info: (title: string, o?: string | NotifyOptions) => show('info', title, o, 4500),
  /** An error toast titled 'فشل الطلب' with the error's message (or the fallback). */
  error: (err: unknown, fallback?: string, o?: NotifyOptions) =>
    show(
      'error',
      i18n.t('errors.requestFailed'),
      { description: errorMessage(err, fallback ?? i18n.t('errors.requestFailed')), action: o?.action },
      6000,
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

mountHost('toaster', Toaster);
