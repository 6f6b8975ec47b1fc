/**
 * A product in a store's list, compact: a small square picture beside its name (linking to the product's
 * page, /product/{id}), price, type, and the order button (it works before the page's code has run:
 * OrderButton) — about five to a phone's screen instead of
 * one. The picture is the thumbnail; the page shows the large one.
 */
import { formatPrice, type Product, productTypeLabels } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Card } from '@chakra-ui/react/card';
import { Image } from '@chakra-ui/react/image';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { MdAddShoppingCart, MdStar } from 'react-icons/md';
import { Link as RouterLink } from 'react-router-dom';
import { SproutIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { OrderButton } from '@/features/products/components/order-button';
import { currentLang } from '@/i18n';
import { fallbackToLogo, imageUrl } from '@/lib/images';
import { cardRecipe } from '@/lib/theme/slot-recipes';

export function ProductCard({ product, onOrder, eager }: { product: Product; onOrder?: () => void; eager?: boolean }) {
  const { t } = useTranslation();
  const href = paths.product.getHref(product.id);
  return (
    <Card.Root
      recipe={cardRecipe}
      as="article"
      size="sm"
      variant="outline"
      flexDirection="row"
      overflow="hidden"
      h="full"
      data-testid="product-card"
    >
      {/* The picture leads to the page too, for the thumb; the name's link is the one announced. */}
      <Box
        asChild
        flexShrink={0}
        boxSize={{ base: '24', sm: '28' }}
        alignSelf="flex-start"
        m="3"
        me="0"
        rounded="md"
        overflow="hidden"
        bg="gray.100"
        display="flex"
        alignItems="center"
        justifyContent="center"
        color="green.700"
        position="relative"
      >
        <RouterLink to={href} tabIndex={-1} aria-hidden data-placeholder={product.image ? undefined : ''}>
          {product.image ? (
            <Image
              src={imageUrl(product.image, true)}
              alt=""
              onError={fallbackToLogo}
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={eager ? 'high' : undefined}
              decoding="async"
              position="absolute"
              inset="0"
              width="100%"
              height="100%"
              objectFit="cover"
            />
          ) : (
            <SproutIcon aria-hidden width="28" height="28" opacity={0.6} />
          )}
        </RouterLink>
      </Box>
      <Stack gap="1" p="3" flex="1" minW="0">
        <RouterLink to={href}>
          {/* Cairo's Arabic reaches 1.874 em from ascender to the dots below ي: a line height under that
              clips them on the last visible line of the clamp. */}
          <Card.Title as="h2" fontSize="md" lineHeight="1.9" lineClamp={2} _hover={{ textDecoration: 'underline' }}>
            {product.name}
          </Card.Title>
        </RouterLink>
        <HStack gap="2" flexWrap="wrap">
          <Text fontWeight="bold" color="green.700" dir="ltr">
            {formatPrice(product.price_cents)}
          </Text>
          <Badge variant="subtle" size="sm">
            {productTypeLabels[currentLang()][product.type]}
          </Badge>
          {product.is_special && (
            <Badge colorPalette="yellow" variant="solid" size="sm">
              <MdStar aria-hidden />
              {t('store.special')}
            </Badge>
          )}
        </HStack>
        {onOrder && (
          <OrderButton
            productId={product.id}
            onOrder={onOrder}
            size="sm"
            mt="auto"
            alignSelf="flex-start"
            aria-label={`${t('product.order')}: ${product.name}`}
          >
            <MdAddShoppingCart aria-hidden />
            {t('product.order')}
          </OrderButton>
        )}
      </Stack>
    </Card.Root>
  );
}
