/** The Chakra toaster UI, loaded on the first toast (keeps Ark's toast machine out of the first load). */
import '@/i18n/layout';
import { Portal } from '@chakra-ui/react/portal';
import { Spinner } from '@chakra-ui/react/spinner';
import { Stack } from '@chakra-ui/react/stack';
import { createToaster, Toaster as ChakraToaster, Toast } from '@chakra-ui/react/toast';
import { i18n } from '@/i18n';
import { toastRecipe } from '@/lib/theme/slot-recipes';
import { type NotifyOptions, planToast, type ToastType } from './toast-plan';

/**
 * On a phone toasts open at the bottom, above the signed-in farmer's bottom bar when there is one
 * (layout/signed-in-nav.tsx sets `--agrivet-toast-bottom`): under the top bar they came to rest over what
 * a page shows first — the store's «السلة (n)» right after «أضف إلى السلة», the very thing tapped next.
 * From md, at the top, under the sticky top bar that asks for it (the dashboard's, the public pages':
 * app/global.css). Chosen when the first toast loads this module.
 */
const phone = typeof window !== 'undefined' && window.matchMedia?.('(max-width: 47.99em)').matches === true;

export const toaster = createToaster({
  placement: phone ? 'bottom' : 'top',
  pauseOnPageIdle: true,
  max: 4,
  offsets: {
    top: 'var(--agrivet-toast-top, 1rem)',
    right: '1rem',
    bottom: 'var(--agrivet-toast-bottom, 1rem)',
    left: '1rem',
  },
});

/** Shows a toast: merged with an identical one, clearing its action's earlier errors on success. */
export function present(type: ToastType, title: string, o: string | NotifyOptions | undefined, duration: number) {
  const { description, action } = typeof o === 'string' ? { description: o, action: undefined } : (o ?? {});
  const { request, clear } = planToast(type, title, description, duration, action);
  for (const id of clear) toaster.dismiss(id);
  toaster.create(request);
}

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
            <Toast.CloseTrigger aria-label={i18n.t('dialog.close')} />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
