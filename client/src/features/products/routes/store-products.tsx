/**
 * /products/{id}: a store's page — its rating, verified badge and availability, its products with an
 * order button, the link to this store's cart, and its reviews. The store's cart is kept across visits
 * (CONTRACT.md §5: one cart per store). A visitor pressing "اطلب" goes to /login?next=this page. A store
 * whose owner's account is disabled (`available: false`) is shown as taking no orders.
 */
import '@/i18n/layout';
import { type Product, provinceLabel } from '@agrivet/shared';
import { Alert } from '@chakra-ui/react/alert';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MdLocationOn, MdShoppingCart, MdStorefront } from 'react-icons/md';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CardGrid } from '@/components/ui/card-grid';
import { OfflineCopyNote } from '@/components/ui/offline-note';
import { Page } from '@/components/ui/page';
import { Pager } from '@/components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { StoreRating, UnavailableBadge, VerifiedBadge } from '@/components/ui/store-badges';
import { notify } from '@/components/ui/toaster';
import { loginHref, paths } from '@/config/paths';
import { failureOf } from '@/lib/query-client';
import { alertRecipe } from '@/lib/theme/slot-recipes';
import { cartCount, selectCartItems, useCart } from '@/stores/cart';
import { selectIsLoggedIn, useSession } from '@/stores/session';
import { useStoreProducts } from '@/features/products/api/get-store-products';
import { ProductCard } from '@/features/products/components/product-card';
import { QuantityDialog } from '@/features/products/components/quantity-dialog';
import { StoreReviews } from '@/features/products/components/store-reviews';
import { addToCart } from '@/features/products/lib/add-to-cart';
import '@/i18n/shop';
import { currentLang } from '@/i18n';

/** The store list of a store type (1 pharmacies, 2 clinics, 3 nurseries). */
const listOf = (type: number | undefined) =>
  type === 2 ? paths.clinics.getHref() : type === 3 ? paths.nurseries.getHref() : paths.pharmacies.getHref();

export default function StoreProductsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const storeId = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useStoreProducts(storeId, page);
  const failure = failureOf(query);
  const loggedIn = useSession(selectIsLoggedIn);
  const items = useCart(selectCartItems(storeId));
  const [ordering, setOrdering] = useState<Product | null>(null);
  const store = query.data?.store;
  const unavailable = store?.available === false;

  const order = (product: Product) => {
    if (!loggedIn) {
      notify.info(t('product.loginFirst'));
      navigate(loginHref(location.pathname + location.search));
      return;
    }
    if (unavailable) {
      notify.info(t('storeState.unavailable'), t('storeState.unavailableHint'));
      return;
    }
    setOrdering(product);
  };

  const confirm = (quantity: number) => {
    if (!ordering) return;
    const result = addToCart(
      { ...ordering, store: { name_store: store?.name_store ?? ordering.store.name_store } },
      quantity,
      loggedIn,
    );
    if (result === 'added') notify.success(t('product.added'));
    else if (result === 'order-pending') notify.info(t('product.orderPending'));
    setOrdering(null);
  };

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
        <HStack gap="3" flexWrap="wrap" color="fg.muted">
          <HStack gap="1">
            <MdLocationOn aria-hidden />
            <Text>
              {provinceLabel(store.city, currentLang(), store.city_name)} — {store.address}
            </Text>
          </HStack>
          <StoreRating avg={store.rating_avg} count={store.rating_count} />
          {store.verified && <VerifiedBadge />}
          {unavailable && <UnavailableBadge />}
        </HStack>
      )}
      {unavailable && (
        <Alert.Root recipe={alertRecipe} status="warning" rounded="lg" data-testid="store-unavailable">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('storeState.unavailable')}</Alert.Title>
            <Alert.Description>{t('storeState.unavailableHint')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {query.data && <OfflineCopyNote />}
      {!query.data ? (
        failure ? (
          <ErrorState error={failure} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : query.data.data.length === 0 ? (
        <EmptyState
          message={t('storeState.noProducts')}
          action={
            <Button asChild variant="outline" colorPalette="green">
              <RouterLink to={listOf(store?.type)}>
                <MdStorefront aria-hidden />
                {t('checkout.browseStores')}
              </RouterLink>
            </Button>
          }
        />
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
      {store && <StoreReviews storeId={storeId} />}
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
