/**
 * /cart: every store's cart (CONTRACT.md §5), one card per store with its lines count and total and a
 * link to that store's cart (checkout). Opened from the top bar's cart count.
 */
import { formatPrice } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { MdShoppingCartCheckout, MdStorefront } from 'react-icons/md';
import { Link as RouterLink } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { cartCount, cartTotalCents, useCart } from '@/stores/cart';

export default function CartsRoute() {
  const { t } = useTranslation();
  const carts = Object.values(useCart((s) => s.carts));
  return (
    <Page title={t('checkout.cartsTitle')}>
      {carts.length === 0 ? (
        <EmptyState
          message={t('checkout.noCarts')}
          action={
            <Button asChild colorPalette="green" variant="outline">
              <RouterLink to={paths.pharmacies.getHref()}>
                <MdStorefront aria-hidden />
                {t('checkout.browseStores')}
              </RouterLink>
            </Button>
          }
        />
      ) : (
        <Stack as="ul" gap="3" aria-label={t('checkout.cartsTitle')}>
          {carts.map((cart) => {
            const name = cart.store_name || t('checkout.storeNumber', { id: cart.store_id });
            return (
              <Box as="li" key={cart.store_id} listStyleType="none" borderWidth="1px" rounded="lg" p="4">
                <Stack gap="3">
                  <HStack justify="space-between" align="start" gap="2">
                    <Heading as="h2" size="md" minW="0" overflowWrap="anywhere">
                      {name}
                    </Heading>
                    {cart.pending && (
                      <Badge colorPalette="orange" flexShrink={0}>
                        {t('orders.pending')}
                      </Badge>
                    )}
                  </HStack>
                  <Text color="fg.muted">{cart.items.map((i) => `${i.name} × ${i.quantity}`).join('، ')}</Text>
                  <HStack justify="space-between" flexWrap="wrap" gap="2">
                    <Text fontWeight="bold">
                      {t('checkout.itemsCount', { count: cartCount(cart.items) })} —{' '}
                      <Box as="span" dir="ltr">
                        {formatPrice(cartTotalCents(cart.items))}
                      </Box>
                    </Text>
                    <Button asChild colorPalette="green" size="sm">
                      <RouterLink
                        to={paths.cart.getHref(cart.store_id)}
                        aria-label={`${t('checkout.openCart')}: ${name}`}
                      >
                        <MdShoppingCartCheckout aria-hidden />
                        {t('checkout.openCart')}
                      </RouterLink>
                    </Button>
                  </HStack>
                </Stack>
              </Box>
            );
          })}
        </Stack>
      )}
    </Page>
  );
}
