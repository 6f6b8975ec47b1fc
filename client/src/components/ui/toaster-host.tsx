/** The Chakra toaster UI, loaded on the first toast (keeps Ark's toast machine out of the first load). */
import { Portal } from '@chakra-ui/react/portal';
import { Spinner } from '@chakra-ui/react/spinner';
import { Stack } from '@chakra-ui/react/stack';
import { createToaster, Toaster as ChakraToaster, Toast } from '@chakra-ui/react/toast';
import { i18n } from '@/i18n';
import { toastRecipe } from '@/lib/theme/slot-recipes';
import { useSession } from '@/stores/session';
import { type NotifyOptions, planSignIn, planToast, type ToastType } from './toast-plan';

export const toaster = createToaster({
  placement: 'top',
  pauseOnPageIdle: true,
  max: 4,
  // under the sticky top bar that asks for it (the dashboard's, the public pages': app/global.css), else 1rem
  offsets: { top: 'var(--agrivet-toast-top, 1rem)', right: '1rem', bottom: '1rem', left: '1rem' },
});

/** Shows a toast: merged with an identical one, clearing its action's earlier errors on success. */
export function present(type: ToastType, title: string, o: string | NotifyOptions | undefined, duration: number) {
  const { description, action, button } = typeof o === 'string' ? { description: o } : (o ?? ({} as NotifyOptions));
  const signedIn = useSession.getState().token !== null;
  const { request, clear } = planToast(type, title, description, duration, action, signedIn);
  for (const id of clear) toaster.dismiss(id);
  toaster.create(button ? { ...request, action: button } : request);
}

// Signed in (login, register): what the toasts told the visitor before it is over — «يرجى تسجيل الدخول
// أولاً» is not left under «تم تسجيل الدخول بنجاح» (toast-plan.ts planSignIn).
useSession.subscribe((state, previous) => {
  if (state.token !== null && previous.token === null) for (const id of planSignIn()) toaster.dismiss(id);
});

export default function ToasterHost() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root recipe={toastRecipe} width={{ md: 'sm' }} role={toast.type === 'error' ? 'alert' : 'status'}>
            {toast.type === 'loading' ? <Spinner size="sm" color="green.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            <Toast.CloseTrigger aria-label={i18n.t('dialog.close')} />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
