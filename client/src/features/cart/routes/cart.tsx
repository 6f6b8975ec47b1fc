/** /cart/{id}: quantities, total with 2 decimals and $, order placement (SPEC.md §2, §8). */
import { formatPrice } from '@agrivet/shared';
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MdArrowBack, MdSend } from 'react-icons/md';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState } from '../../../components/ui/states';
import { notify } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { cartTotalCents, useCart } from '../../../stores/cart';
import { useRealtime } from '../../../stores/realtime';
import { placeOrder } from '../api/place-order';
import { CartLine } from '../components/cart-line';
import { alertRecipe } from '../../../lib/theme/slot-recipes';

export default function CartRoute() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const storeId = Number(useParams().id);
  const cart = useCart();
  const status = useRealtime((s) => s.status);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const items = cart.store_id === storeId ? cart.items : [];
  const total = cartTotalCents(items);

  const submit = () => {
    const { client_id, result } = placeOrder(storeId, items);
    setPendingId(client_id);
    result
      .then(() => {
        useCart.getState().clear();
        notify.success(t('cart.added'));
        if (mounted.current) navigate(paths.myOrders.getHref());
      })
      .catch((err: unknown) => {
        notify.error(err, t('errors.requestFailed'));
        if (mounted.current) setPendingId(null);
      });
  };

  return (
    <Page
      title={t('cart.title')}
      actions={
        <Button asChild variant="ghost" size="sm">
          <RouterLink to={paths.store.getHref(storeId)}>
            <MdArrowBack aria-hidden style={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }} />
            {t('cart.backToStore')}
          </RouterLink>
        </Button>
      }
    >
      {items.length === 0 ? (
        <EmptyState message={t('cart.empty')} />
      ) : (
        <Stack gap="4">
          <Stack as="ul" gap="3" aria-label={t('cart.title')}>
            {items.map((item) => (
              <CartLine key={item.product_id} item={item} disabled={pendingId !== null} />
            ))}
          </Stack>
          <HStack justify="space-between" borderTopWidth="1px" pt="3">
            <Text fontSize="lg" fontWeight="bold">
              {t('cart.total')}
            </Text>
            <Text fontSize="xl" fontWeight="bold" color="green.700" dir="ltr" data-testid="cart-total">
              {formatPrice(total)}
            </Text>
          </HStack>
          {pendingId !== null && status !== 'online' && (
            <Alert.Root recipe={alertRecipe} status="warning" rounded="lg">
              <Alert.Indicator />
              <Alert.Title>{t('cart.pending')}</Alert.Title>
            </Alert.Root>
          )}
          <Button
            size="lg"
            colorPalette="green"
            onClick={submit}
            loading={pendingId !== null}
            disabled={items.length === 0}
          >
            <MdSend aria-hidden />
            {t('cart.placeOrder')}
          </Button>
        </Stack>
      )}
    </Page>
  );
}
