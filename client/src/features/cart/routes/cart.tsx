/**
 * /cart/{id}: quantities, total with 2 decimals and $, order placement (SPEC.md §2, §8). While the
 * cart's order is queued or in flight the page is locked (lib/pending-order.ts); once the outbox
 * reports it acknowledged the cart is empty and the page goes to /myorders.
 */
import { formatPrice } from '@agrivet/shared';
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MdArrowBack, MdSend } from 'react-icons/md';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState } from '../../../components/ui/states';
import { paths } from '../../../config/paths';
import { cartTotalCents, useCart } from '../../../stores/cart';
import { useRealtime } from '../../../stores/realtime';
import { CartLine } from '../components/cart-line';
import { placeCartOrder } from '../lib/pending-order';
import { alertRecipe } from '../../../lib/theme/slot-recipes';

export default function CartRoute() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const storeId = Number(useParams().id);
  const cart = useCart();
  const status = useRealtime((s) => s.status);
  const pending = cart.pending;
  const items = cart.store_id === storeId ? cart.items : [];
  const total = cartTotalCents(items);

  // The pending order was acknowledged (here, in another screen, or after a reload): to /myorders.
  const previousPending = useRef(pending);
  useEffect(() => {
    if (previousPending.current && !pending && useCart.getState().items.length === 0)
      navigate(paths.myOrders.getHref());
    previousPending.current = pending;
  }, [pending, navigate]);

  const submit = () => {
    placeCartOrder(storeId, items);
  };

  return (
    <Page
      title={t('cart.title')}
      actions={
        <Button asChild variant="ghost" size="sm">
          <RouterLink to={paths.store.getHref(storeId)} state={{ fromCart: storeId }}>
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
              <CartLine key={item.product_id} item={item} disabled={pending !== null} />
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
          {pending !== null && status !== 'online' && (
            <Alert.Root recipe={alertRecipe} status="warning" rounded="lg">
              <Alert.Indicator />
              <Alert.Title>{t('cart.pending')}</Alert.Title>
            </Alert.Root>
          )}
          <Button
            size="lg"
            colorPalette="green"
            onClick={submit}
            loading={pending !== null}
            loadingText={t('cart.sending')}
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
