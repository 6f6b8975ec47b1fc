/**
 * /product/{id} (CONTRACT.md §8): one product — its large picture (a tap opens it full screen), name,
 * price, type, description; its store (province, rating, verified, and its hours and reply time when
 * the API sends `open_now` / `reply_minutes`), with a link to the store's page; «اطلب» (the quantity
 * dialog, or sign-in first: the dialog opens when they come back), «مراسلة» (the chat with the store,
 * after sign-in if needed), «اسأل المتجر عن هذا المنتج» (the product's card sent into that chat) and «مشاركة». Server-rendered like the store pages (app/ssr/prefetch.ts);
 * an unknown id is the 404 page: «المنتج غير موجود» and the store lists (components/ui/missing-page.tsx).
 */
import { formatPrice, productTypeLabels, provinceLabel } from '@agrivet/shared';
import { Alert } from '@chakra-ui/react/alert';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import { Image } from '@chakra-ui/react/image';
import { Link } from '@chakra-ui/react/link';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MdAddShoppingCart, MdLocationOn, MdStar, MdStorefront, MdZoomIn } from 'react-icons/md';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { MessageStoreLink } from '@/components/ui/message-store-link';
import { ShareButton } from '@/components/ui/share-button';
import { MissingPage, useIsMissing } from '@/components/ui/missing-page';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { StoreRating, UnavailableBadge, VerifiedBadge } from '@/components/ui/store-badges';
import { paths } from '@/config/paths';
import { currentLang } from '@/i18n';
import { fallbackToLogo, imageUrl } from '@/lib/images';
import { productTitle, usePageTitle } from '@/lib/page-title';
import { failureOf } from '@/lib/query-client';
import { alertRecipe } from '@/lib/theme/slot-recipes';
import { useProduct } from '@/api/products';
import { useStore } from '@/api/stores';
import { AskAboutProduct } from '@/features/products/components/ask-about-product';
import { StoreTimes } from '@/features/products/components/store-times';
import { OrderButton } from '@/features/products/components/order-button';
import { useOrderFlow } from '@/features/products/lib/order-flow';

// The quantity dialog (its form, its schema, Chakra's dialog) loads when a visitor taps «اطلب».
const QuantityDialog = lazy(() =>
  import('@/features/products/components/quantity-dialog').then((m) => ({ default: m.QuantityDialog })),
);
const ProductImageViewer = lazy(() => import('@/features/products/components/product-image-viewer'));

export default function ProductRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useProduct(id);
  const product = query.data;
  const storeQuery = useStore(product?.store_id ?? null);
  const store = storeQuery.data;
  const [viewing, setViewing] = useState(false);
  const flow = useOrderFlow(store, (pid) => (product?.id === pid ? product : undefined));
  const failure = failureOf(query);
  const unavailable = store?.available === false;
  usePageTitle(product ? productTitle(t, product) : null);

  if (useIsMissing(failure) && !product) return <MissingPage what="product" />;
  if (!product) {
    return (
      <Container maxW="5xl" px={{ base: '3', md: '6' }} py={{ base: '4', md: '8' }}>
        {failure ? <ErrorState error={failure} onRetry={() => void query.refetch()} /> : <LoadingState />}
      </Container>
    );
  }

  const href = paths.product.getHref(product.id);
  return (
    <Container maxW="5xl" px={{ base: '3', md: '6' }} py={{ base: '4', md: '8' }}>
      <Stack as="article" direction={{ base: 'column', md: 'row' }} gap={{ base: '4', md: '8' }} align="flex-start">
        <Box w={{ base: 'full', md: '45%' }} flexShrink={0}>
          {product.image ? (
            <Box
              as="button"
              display="block"
              w="full"
              position="relative"
              rounded="lg"
              overflow="hidden"
              bg="gray.100"
              cursor="zoom-in"
              onClick={() => setViewing(true)}
              aria-label={t('productPage.zoom')}
              data-testid="product-image"
            >
              {/* Sized before it arrives (no layout shift); the whole picture, not a crop. */}
              <Image
                src={imageUrl(product.image)}
                alt={product.name}
                onError={fallbackToLogo}
                fetchPriority="high"
                w="full"
                aspectRatio={4 / 3}
                objectFit="contain"
              />
              <Box
                position="absolute"
                bottom="2"
                insetEnd="2"
                bg="blackAlpha.600"
                color="white"
                rounded="full"
                p="1.5"
                display="flex"
              >
                <MdZoomIn aria-hidden size="20" />
              </Box>
            </Box>
          ) : (
            <Box
              rounded="lg"
              bg="gray.100"
              aspectRatio={{ base: 3, md: 4 / 3 }}
              display="flex"
              alignItems="center"
              justifyContent="center"
            >
              <Image src={imageUrl(null)} alt="" boxSize="16" opacity={0.5} />
            </Box>
          )}
        </Box>
        <Stack gap="4" flex="1" minW="0" w="full">
          <Stack gap="2">
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} lineHeight="1.9" overflowWrap="anywhere">
              {product.name}
            </Heading>
            <HStack gap="3" flexWrap="wrap">
              <Text fontWeight="bold" color="green.700" fontSize="2xl" dir="ltr" data-testid="product-price">
                {formatPrice(product.price_cents)}
              </Text>
              <Badge variant="subtle">{productTypeLabels[currentLang()][product.type]}</Badge>
              {product.is_special && (
                <Badge colorPalette="yellow" variant="solid">
                  <MdStar aria-hidden />
                  {t('store.special')}
                </Badge>
              )}
              <Badge colorPalette="green" variant="subtle">
                {t('store.freeDelivery')}
              </Badge>
            </HStack>
          </Stack>
          {unavailable && (
            <Alert.Root recipe={alertRecipe} status="warning" rounded="lg">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('storeState.unavailable')}</Alert.Title>
                <Alert.Description>{t('storeState.unavailableHint')}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          {/* On a phone two fixed rows — order and message, then the question to the store and share —
              whose fit does not depend on the font: in one wrapping row, «اسأل المتجر عن هذا المنتج» and
              «مشاركة» fitted 360 px in Cairo but not in the fallback shown until Cairo arrives, and the swap
              moved everything under them (layout shift 0.07). The question's label shortens with «…»
              rather than push «مشاركة» to a third row. From sm, one row that wraps. */}
          <Stack direction={{ base: 'column', sm: 'row' }} gap="2" flexWrap="wrap">
            <HStack gap="2">
              <OrderButton
                productId={product.id}
                onOrder={() => flow.order(product)}
                flex={{ base: '1', sm: 'initial' }}
              >
                <MdAddShoppingCart aria-hidden />
                {t('product.order')}
              </OrderButton>
              {store && <MessageStoreLink store={store} />}
            </HStack>
            <HStack gap="2">
              {store && <AskAboutProduct product={product} store={store} flex={{ base: '1', sm: 'initial' }} />}
              <ShareButton
                path={href}
                title={product.name}
                text={`${product.name} — ${formatPrice(product.price_cents)}`}
                size="md"
              />
            </HStack>
          </Stack>
          <Stack as="section" gap="1" aria-labelledby="product-description">
            <Heading as="h2" size="md" id="product-description">
              {t('productPage.description')}
            </Heading>
            <Text
              whiteSpace="pre-line"
              lineHeight="tall"
              dir="auto"
              color={product.description ? undefined : 'fg.muted'}
            >
              {product.description || t('productPage.noDescription')}
            </Text>
          </Stack>
          <Stack
            as="section"
            gap="2"
            aria-labelledby="product-store"
            borderWidth="1px"
            rounded="lg"
            p="3"
            data-testid="product-store"
          >
            <Heading as="h2" size="md" id="product-store">
              {t('productPage.store')}
            </Heading>
            <Link asChild colorPalette="green" fontWeight="bold" fontSize="lg">
              <RouterLink to={paths.store.getHref(product.store_id)}>
                <MdStorefront aria-hidden />
                {store?.name_store ?? product.store.name_store}
              </RouterLink>
            </Link>
            {store && (
              <>
                <HStack gap="3" flexWrap="wrap" color="fg.muted" fontSize="sm">
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
                <StoreTimes store={store} />
              </>
            )}
          </Stack>
        </Stack>
      </Stack>
      {viewing && product.image && (
        <Suspense fallback={null}>
          <ProductImageViewer src={imageUrl(product.image)} alt={product.name} onClose={() => setViewing(false)} />
        </Suspense>
      )}
      {flow.ordering && (
        <Suspense fallback={null}>
          <QuantityDialog product={flow.ordering} onClose={flow.close} onConfirm={flow.confirm} />
        </Suspense>
      )}
    </Container>
  );
}
