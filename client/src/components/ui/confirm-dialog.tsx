/**
 * Confirm dialog instead of window.confirm: `if (await confirm({ title: t('errors.deleteConfirm') })) …`.
 * <ConfirmDialogHost /> mounts itself in the app providers' <Hosts /> when this module loads (hosts.tsx);
 * the dialog code loads on first use.
 */
import { lazy, Suspense } from 'react';
import { create } from 'zustand';
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
const ConfirmDialogView = lazy(() => import('./confirm-dialog-view'));

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
