/**
 * Confirm dialog instead of window.confirm: `if (await confirm({ title: t('errors.deleteConfirm') })) …`.
 * <ConfirmDialogHost /> mounts itself in the app providers' <Hosts /> when this module loads (hosts.tsx);
 * the dialog code loads on first use, or before it with `preloadConfirm()` — a menu whose item asks for
 * a confirmation calls it when it opens, so the dialog renders in the tap's own pass instead of suspending
 * (a Suspense reveal that other updates on a busy page can hold back).
 */
import { Suspense } from 'react';
import { create } from 'zustand';
import { lazyRoute } from '@/lib/lazy-route';
import { mountHost } from './hosts';

export interface ConfirmRequest {
  title: string;
  body?: string;
  confirmLabel?: string;
  /** The dismiss button's label (default «إلغاء»): a word unlike the confirm's when that one cancels something. */
  cancelLabel?: string;
  destructive?: boolean;
}

interface ConfirmState {
  request: (ConfirmRequest & { resolve: (ok: boolean) => void }) | null;
  used: boolean;
}

const useConfirmStore = create<ConfirmState>(() => ({ request: null, used: false }));
const view = lazyRoute(
  () => import('./confirm-dialog-view'),
  (m) => m.default,
);
const ConfirmDialogView = view.Component;

/** Loads the dialog's code ahead of the first `confirm()` (once). */
export const preloadConfirm = (): void => {
  void view.preload().catch(() => {});
};

export function confirm(request: ConfirmRequest): Promise<boolean> {
  return new Promise((resolve) => {
    useConfirmStore.getState().request?.resolve(false);
    useConfirmStore.setState({ request: { ...request, resolve }, used: true });
  });
}

function settle(ok: boolean) {
  const r = useConfirmStore.getState().request;
  useConfirmStore.setState({ request: null });
  r?.resolve(ok);
}

export function ConfirmDialogHost() {
  const { request, used } = useConfirmStore();
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView
        open={request !== null}
        title={request?.title ?? ''}
        body={request?.body}
        confirmLabel={request?.confirmLabel}
        cancelLabel={request?.cancelLabel}
        destructive={request?.destructive}
        onSettle={settle}
      />
    </Suspense>
  );
}

mountHost('confirm-dialog', ConfirmDialogHost);
