/**
 * Toasts (SPEC.md §8 alerts become toasts): `notify.success('تم')`, `notify.error(err, fallback)` from
 * anywhere. Render <Toaster /> once (the app providers do); the toast UI loads with the first toast.
 */
import { lazy, Suspense } from 'react';
import { create } from 'zustand';
import { i18n } from '../../i18n';
import { errorMessage } from '../../lib/api-error';

type ToastType = 'success' | 'error' | 'info' | 'warning';
interface ToastRequest {
  type: ToastType;
  title: string;
  description?: string;
  duration: number;
}

const useToasterNeeded = create<{ needed: boolean }>(() => ({ needed: false }));
const loadHost = () => import('./toaster-host');
const ToasterHost = lazy(loadHost);

function show(request: ToastRequest): void {
  useToasterNeeded.setState({ needed: true });
  void loadHost().then(({ toaster }) => toaster.create(request));
}

export const notify = {
  success: (title: string, description?: string) => show({ type: 'success', title, description, duration: 3500 }),
  info: (title: string, description?: string) => show({ type: 'info', title, description, duration: 4500 }),
  /** An error toast titled 'فشل الطلب' with the error's message (or the fallback). */
  error: (err: unknown, fallback?: string) =>
    show({
      type: 'error',
      title: i18n.t('errors.requestFailed'),
      description: errorMessage(err, fallback ?? i18n.t('errors.requestFailed')),
      duration: 6000,
    }),
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
