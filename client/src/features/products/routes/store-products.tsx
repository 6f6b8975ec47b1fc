/**
 * /products/{id}: a store's products with an order button and a cart icon. Opening it clears the cart
 * (SPEC.md §4) — except while the cart's order is pending, or when coming back from this store's cart.
 */
import type { Product } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MdLocationOn, MdShoppingCart } from 'react-icons/md';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { previousPath } from '../../../components/layout/route-history';
import { CardGrid } from '../../../components/ui/card-grid';
import { OfflineCopyNote } from '../../../components/ui/offline-note';
import { Page } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { notify } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { failureOf } from '../../../lib/query-client';
import { cartCount, useCart } from '../../../stores/cart';
import { selectIsLoggedIn, useSession } from '../../../stores/session';
import { useStoreProducts } from '../api/get-store-products';
import { QuantityDialog } from '../components/quantity-dialog';
import { ProductCard } from '../components/product-card';
import { addToCart } from '../lib/add-to-cart';

export default function StoreProductsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const storeId = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useStoreProducts(storeId, page);
  const failure = failureOf(query);
  const loggedIn = useSession(selectIsLoggedIn);
  const items = useCart((s) => s.items);
  const [ordering, setOrdering] = useState<Product | null>(null);

  const location = useLocation();
  const fromCartLink = (location.state as { fromCart?: number } | null)?.fromCart === storeId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arriving at a store's page
  useEffect(() => {
    const fromOwnCart = fromCartLink || previousPath() === paths.cart.getHref(storeId);
    useCart.getState().openStore(storeId, fromOwnCart);
  }, [storeId]);

  const order = (product: Product) => {
    if (!loggedIn) {
      notify.info(t('product.loginFirst'));
      navigate(paths.login.getHref());
      return;
    }
    setOrdering(product);
  };

  const confirm = (quantity: number) => {
    if (!ordering) return;
    const result = addToCart(ordering, quantity, loggedIn);
    if (result === 'added') notify.success(t('product.added'));
    else if (result === 'order-pending') notify.info(t('product.orderPending'));
    setOrdering(null);
  };

  const store = query.data?.store;
  const count = cartCount(items);
  return (
    <Page
      title={store?.name_store ?? t('store.products')}
      actions={
        <Button asChild variant="outline" colorPalette="green" position="relative">
          <RouterLink to={paths.cart.getHref(storeId)} aria-label={t('product.cartCount', { count })}>
            <MdShoppingCart aria-hidden />
            {t('product.cart')}
            {count > 0 && (
              <Badge colorPalette="red" variant="solid" rounded="full">
                {count}
              </Badge>
            )}
          </RouterLink>
        </Button>
      }
    >
      {store && (
        <HStack gap="1" color="fg.muted">
          <MdLocationOn aria-hidden />
          <Text>
            {store.city_name} — {store.address}
          </Text>
        </HStack>
      )}
      {query.data && <OfflineCopyNote />}
      {!query.data ? (
        failure ? (
          <ErrorState error={failure} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : query.data.data.length === 0 ? (
        <EmptyState />
      ) : (
        <Box opacity={query.isPlaceholderData ? 0.6 : 1} aria-busy={query.isPlaceholderData}>
          <CardGrid label={t('store.products')}>
            {query.data.data.map((product, i) => (
              <li key={product.id}>
                <ProductCard product={product} onOrder={() => order(product)} eager={i < 2} />
              </li>
            ))}
          </CardGrid>
          <Pager
            page={query.data.current_page}
            lastPage={query.data.last_page}
            onChange={(p) => setParams(p > 1 ? { page: String(p) } : {})}
          />
        </Box>
      )}
      {ordering && (
        <QuantityDialog
          product={ordering}
          initialQuantity={items.find((i) => i.product_id === ordering.id)?.quantity ?? 1}
          onClose={() => setOrdering(null)}
          onConfirm={confirm}
        />
      )}
    </Page>
  );
}
