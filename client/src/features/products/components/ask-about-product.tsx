/**
 * «اسأل المتجر عن هذا المنتج» on a product's page (issue 21, CONTRACT.md §8): the farmer sends the
 * product's card into their conversation with the store (the existing one, or a new one) and lands in
 * that chat to write the question under it. A visitor goes to sign in first and comes back to the
 * product. Hidden for the store's own account, the admin and a disabled account.
 */
import type { Product, Store } from '@agrivet/shared';
import { Box } from '@chakra-ui/react/box';
import { Button, type ButtonProps } from '@chakra-ui/react/button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MdLiveHelp } from 'react-icons/md';
import { useNavigate } from 'react-router-dom';
import { canOrderAndChat, useUser } from '@/api/auth';
import { storeKeys } from '@/api/stores';
import { notify } from '@/components/ui/toaster';
import { loginHref, paths } from '@/config/paths';
import { selectIsLoggedIn, useSession } from '@/stores/session';

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
  if (user && (user.id === store.user_id || user.type === 0 || !canOrderAndChat(user))) return null;

  const ask = async () => {
    if (!loggedIn) {
      notify.info(t('productPage.loginToAsk'));
      navigate(loginHref(paths.product.getHref(product.id)));
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

  return (
    <Button
      variant="outline"
      colorPalette="green"
      onClick={() => void ask()}
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
  );
}
