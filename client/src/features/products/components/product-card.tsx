import '@/i18n/shop';
import { formatPrice, type Product, productTypeLabels } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { MdAddShoppingCart } from 'react-icons/md';
import { ItemCard } from '@/components/ui/item-card';
import { currentLang } from '@/i18n';

export function ProductCard({ product, onOrder, eager }: { product: Product; onOrder?: () => void; eager?: boolean }) {
  const { t } = useTranslation();
  return (
    <ItemCard
      image={product.image}
      title={product.name}
      special={product.is_special}
      freeDelivery
      eager={eager}
      actions={
        onOrder && (
          <Button
            size="sm"
            colorPalette="green"
            onClick={onOrder}
            flex="1"
            aria-label={`${t('product.order')}: ${product.name}`}
          >
            <MdAddShoppingCart aria-hidden />
            {t('product.order')}
          </Button>
        )
      }
    >
      <HStack justify="space-between" gap="2">
        <Text fontWeight="bold" color="green.700" fontSize="lg" dir="ltr">
          {formatPrice(product.price_cents)}
        </Text>
        <Badge variant="subtle">{productTypeLabels[currentLang()][product.type]}</Badge>
      </HStack>
      {product.description && (
        <Text fontSize="sm" color="fg.muted" lineClamp={2}>
          {product.description}
        </Text>
      )}
    </ItemCard>
  );
}
