/**
 * /products/{id}: a store's page — its rating, verified badge and availability, «مراسلة» and «مشاركة»,
 * its products (compact cards, each linking to its page) with an order button, the link to this store's
 * cart, and its reviews. The store's cart is kept across visits (CONTRACT.md §5: one cart per store). A
 * visitor pressing "اطلب" goes to /login?next=this page with ?order={id}, and comes back to that product's
 * quantity dialog (lib/order-flow.ts). A store whose owner's account is disabled (`available: false`) is
 * shown as taking no orders. An unknown store: «المتجر غير موجود» and the store lists
 * (components/ui/missing-page.tsx), a 404 from the server.
 */
import { lazy, Suspense } from 'react';
import { provinceLabel } from '@agrivet/shared';
import { Alert } from '@chakra-ui/react/alert';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { MdLocationOn, MdShoppingCart, MdStorefront } from 'react-icons/md';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { MessageStoreLink } from '@/components/ui/message-store-link';
import { OfflineCopyNote } from '@/components/ui/offline-note';
import { MissingPage, useIsMissing } from '@/components/ui/missing-page';
import { Page } from '@/components/ui/page';
import { Pager } from '@/components/ui/pager';
import { ShareButton } from '@/components/ui/share-button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { StoreRating, UnavailableBadge, VerifiedBadge } from '@/components/ui/store-badges';
import { paths } from '@/config/paths';
import { storeTitle } from '@/lib/page-title';
import { failureOf } from '@/lib/query-client';
import { alertRecipe } from '@/lib/theme/slot-recipes';
import { cartCount, selectCartItems, useCart } from '@/stores/cart';
import { useStoreProducts } from '@/api/stores';
import { ProductCard } from '@/features/products/components/product-card';
import { StoreReviews } from '@/features/products/components/store-reviews';
import { StoreTimes } from '@/features/products/components/store-times';
import { useOrderFlow } from '@/features/products/lib/order-flow';
import { currentLang } from '@/i18n';

// The quantity dialog (its form, its schema, Chakra's dialog) loads when a visitor taps «اطلب».
const QuantityDialog = lazy(() =>
  import('@/features/products/components/quantity-dialog').then((m) => ({ default: m.QuantityDialog })),
);

/** The store list of a store type (1 pharmacies, 2 clinics, 3 nurseries). */
const listOf = (type: number | undefined) =>
  type === 2 ? paths.clinics.getHref() : type === 3 ? paths.nurseries.getHref() : paths.pharmacies.getHref();

export default function StoreProductsRoute() {
  const { t } = useTranslation();
  const storeId = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useStoreProducts(storeId, page);
  const failure = failureOf(query);
  const items = useCart(selectCartItems(storeId));
  const store = query.data?.store;
  const unavailable = store?.available === false;
  const flow = useOrderFlow(store, (id) => query.data?.data.find((p) => p.id === id));
  const ordering = flow.ordering;

  const missing = useIsMissing(failure) && !query.data;

  const count = cartCount(items);
  if (missing) return <MissingPage what="store" />;
  return (
    <Page
      title={store?.name_store ?? t('store.products')}
      tab={store ? storeTitle(t, store, provinceLabel(store.city, currentLang(), store.city_name)) : null}
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
      {store && <StoreTimes store={store} />}
      {store && (
        <HStack gap="2" flexWrap="wrap">
          <MessageStoreLink store={store} size="sm" />
          <ShareButton path={paths.store.getHref(store.id)} title={store.name_store} text={store.address} />
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
          <SimpleGrid
            as="ul"
            aria-label={t('store.products')}
            columns={{ base: 1, md: 2, xl: 3 }}
            gap="3"
            listStyleType="none"
          >
            {query.data.data.map((product, i) => (
              <li key={product.id}>
                <ProductCard product={product} onOrder={() => flow.order(product)} eager={i < 4} />
              </li>
            ))}
          </SimpleGrid>
          <Pager
            page={query.data.current_page}
            lastPage={query.data.last_page}
            onChange={(p) => setParams(p > 1 ? { page: String(p) } : {})}
          />
        </Box>
      )}
      {store && <StoreReviews storeId={storeId} />}
      {ordering && (
        <Suspense fallback={null}>
          <QuantityDialog
            product={ordering}
            initialQuantity={items.find((i) => i.product_id === ordering.id)?.quantity ?? 1}
            onClose={flow.close}
            onConfirm={flow.confirm}
          />
        </Suspense>
      )}
    </Page>
  );
}
