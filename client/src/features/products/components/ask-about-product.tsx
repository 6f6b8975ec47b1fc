/**
 * «اسأل المتجر عن هذا المنتج» on a product's page (issue 21, CONTRACT.md §8): the farmer sends the
 * product's card into their conversation with the store (the existing one, or a new one) and lands in
 * that chat to write the question under it. Hidden for the store's own account, the admin and a disabled
 * account.
 *
 * The intent survives sign-in, and a tap before the page's code has run (components/ui/intent-form.tsx):
 * a visitor goes to /login with `next` = this page plus `?ask={product id}` (ASK_INTENT). Back with it,
 * signed in, the page asks once before sending — «هل تريد إرسال هذا المنتج إلى {store} لتسأل عنه؟» — since a link alone
 * must not send a message in the farmer's name; the parameter leaves the URL either way.
 */
import type { Product, Store } from '@agrivet/shared';
import { Box } from '@chakra-ui/react/box';
import { Button, type ButtonProps } from '@chakra-ui/react/button';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MdLiveHelp } from 'react-icons/md';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { canOrderAndChat, useUser } from '@/api/auth';
import { storeKeys } from '@/api/stores';
import { confirm } from '@/components/ui/confirm-dialog';
import { IntentForm, useIntentHref } from '@/components/ui/intent-form';
import { notify } from '@/components/ui/toaster';
import { loginHref, paths } from '@/config/paths';
import { selectIsLoggedIn, useSession } from '@/stores/session';

/** The query parameter that asks the store about a product (back from login). */
export const ASK_INTENT = 'ask';

export function AskAboutProduct({
  product,
  store,
  flex,
}: {
  product: Product;
  store: Store;
  flex?: ButtonProps['flex'];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loggedIn = useSession(selectIsLoggedIn);
  const user = useUser();
  const [busy, setBusy] = useState(false);
  const [params, setParams] = useSearchParams();
  const back = useIntentHref(ASK_INTENT, product.id);
  const hidden = !!user && (user.id === store.user_id || user.type === 0 || !canOrderAndChat(user));
  const intent = params.get(ASK_INTENT) === String(product.id);

  const ask = async () => {
    if (!loggedIn) {
      notify.info(t('productPage.loginToAsk'));
      navigate(loginHref(back));
      return;
    }
    setBusy(true);
    try {
      // the chat's modules load on the tap, not with the public product page
      const [{ conversationKeys, startConversation }, { sendProductCard }] = await Promise.all([
        import('@/api/conversations'),
        import('@/api/messages'),
      ]);
      const conversationId = store.conversation_id ?? (await startConversation({ store_id: store.id })).id;
      await sendProductCard(conversationId, product.id);
      void queryClient.invalidateQueries({ queryKey: conversationKeys.mine });
      if (!store.conversation_id) void queryClient.invalidateQueries({ queryKey: storeKeys.all });
      navigate(paths.chat.getHref(conversationId));
    } catch (err) {
      notify.error(err, t('errors.requestFailed'));
    } finally {
      setBusy(false);
    }
  };

  // Back from sign-in with ?ask={id}, the account known: the parameter goes, then one question before sending.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per intent and account
  useEffect(() => {
    if (!intent || !loggedIn || !user) return;
    setParams(
      (p) => {
        p.delete(ASK_INTENT);
        return p;
      },
      { replace: true },
    );
    if (hidden) return;
    void confirm({
      title: t('productPage.askConfirm', { store: store.name_store }),
      body: product.name,
      confirmLabel: t('productPage.askSend'),
    }).then((ok) => {
      if (ok) void ask();
    });
  }, [intent, loggedIn, user?.id]);

  if (hidden) return null;
  return (
    <IntentForm next={back} onSubmit={() => void ask()}>
      <Button
        type="submit"
        variant="outline"
        colorPalette="green"
        loading={busy}
        flex={flex}
        minW="0"
        data-testid="ask-store"
      >
        <MdLiveHelp aria-hidden />
        <Box as="span" truncate>
          {t('productPage.ask')}
        </Box>
      </Button>
    </IntentForm>
  );
}
