/**
 * /cart/{id}: that store's cart — quantities, each line checked against the store's current products
 * (deleted or re-priced lines flagged, lib/price-check.ts), the total with 2 decimals and $, and
 * checkout with delivery details (components/delivery-form.tsx). While the order is queued or in flight
 * this cart is locked (lib/pending-order.ts); once the outbox reports it stored, this store's cart is
 * gone (the others stay) and the page goes to /myorders. A store whose owner's account is disabled
 * (`available: false`) takes no orders: said here, and the form is locked.
 */
import { formatPrice } from '@agrivet/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MdArrowBack, MdStorefront } from 'react-icons/md';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/states';
import { notify } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { alertRecipe } from '@/lib/theme/slot-recipes';
import { cartTotalCents, selectCartItems, useCart } from '@/stores/cart';
import { useRealtime } from '@/stores/realtime';
import { useUser } from '@/api/auth';
import { freshStoreQueryOptions } from '@/api/stores';
import { useUpdateUser } from '@/api/users';
import type { DeliveryInput } from '@/api/orders';
import { CartLine } from '@/features/cart/components/cart-line';
import { DeliveryForm } from '@/features/cart/components/delivery-form';
import { placeCartOrder, takeSentOnCartPage } from '@/features/cart/lib/pending-order';
import { blocksOrder, useLineChecks } from '@/features/cart/lib/price-check';

export default function CartRoute() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const storeId = Number(useParams().id);
  const items = useCart(selectCartItems(storeId));
  const pending = useCart((s) => s.carts[storeId]?.pending ?? null);
  const savedName = useCart((s) => s.carts[storeId]?.store_name ?? '');
  const user = useUser();
  const status = useRealtime((s) => s.status);
  const store = useQuery(freshStoreQueryOptions(storeId));
  const updateUser = useUpdateUser();
  const checks = useLineChecks(storeId, items);
  const total = cartTotalCents(items);
  const unavailable = store.data?.available === false;
  const storeName = store.data?.name_store ?? savedName;

  // This store's order was stored (here, in another screen, after a reload, or while this page was still
  // loading): to /myorders.
  const previousPending = useRef(pending);
  useEffect(() => {
    const sentHere = takeSentOnCartPage(storeId);
    if ((previousPending.current || sentHere) && !pending && !useCart.getState().carts[storeId])
      navigate(paths.myOrders.getHref());
    previousPending.current = pending;
  }, [pending, navigate, storeId]);

  const submit = (delivery: DeliveryInput, saveToProfile: boolean) => {
    placeCartOrder(storeId, items, delivery);
    if (saveToProfile && user) {
      updateUser
        .mutateAsync({ id: user.id, body: { province: delivery.province, address: delivery.address.trim() } })
        .then(() => {
          notify.success(t('checkout.addressSaved'), { action: 'save-address' });
        })
        .catch((err: unknown) => notify.error(err, t('errors.requestFailed'), { action: 'save-address' }));
    }
  };

  const flagged = blocksOrder(checks);
  return (
    <Page
      title={storeName ? t('checkout.cartOf', { name: storeName }) : t('cart.title')}
      actions={
        <HStack gap="2" flexWrap="wrap">
          <Button asChild variant="ghost" size="sm">
            <RouterLink to={paths.carts.getHref()}>{t('checkout.allCarts')}</RouterLink>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <RouterLink to={paths.store.getHref(storeId)}>
              <MdArrowBack aria-hidden style={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }} />
              {t('cart.backToStore')}
            </RouterLink>
          </Button>
        </HStack>
      }
    >
      {items.length === 0 ? (
        <EmptyState
          message={t('cart.empty')}
          action={
            <Button asChild colorPalette="green" variant="outline">
              <RouterLink to={paths.store.getHref(storeId)}>
                <MdStorefront aria-hidden />
                {t('checkout.browseStore')}
              </RouterLink>
            </Button>
          }
        />
      ) : (
        <Stack gap="4">
          {unavailable && (
            <Alert.Root recipe={alertRecipe} status="error" rounded="lg" data-testid="store-unavailable">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('storeState.unavailable')}</Alert.Title>
                <Alert.Description>{t('storeState.unavailableHint')}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <Stack as="ul" gap="3" aria-label={t('cart.title')}>
            {items.map((item, n) => (
              <CartLine
                key={item.product_id}
                storeId={storeId}
                item={item}
                disabled={pending !== null}
                check={checks[n]}
              />
            ))}
          </Stack>
          {flagged && (
            <Text color="orange.700" role="status">
              {t('checkout.fixFlagged')}
            </Text>
          )}
          <DeliveryForm
            user={user}
            disabled={pending !== null || unavailable || flagged}
            sending={pending !== null}
            onSubmit={submit}
          >
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
          </DeliveryForm>
        </Stack>
      )}
    </Page>
  );
}
