import { type CartItem, LIMITS } from '@agrivet/shared';
import { Alert } from '@chakra-ui/react/alert';
import { Box } from '@chakra-ui/react/box';
import { Button, IconButton } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { MdAdd, MdDeleteOutline, MdRemove } from 'react-icons/md';
import { Price, priceText } from '@/components/ui/price';
import { alertRecipe } from '@/lib/theme/slot-recipes';
import { useCart } from '@/stores/cart';
import type { LineCheck } from '@/features/cart/lib/price-check';

interface CartLineProps {
  storeId: number;
  item: CartItem;
  disabled?: boolean;
  check?: LineCheck;
}

export function CartLine({ storeId, item, disabled, check }: CartLineProps) {
  const { t } = useTranslation();
  const setQuantity = useCart((s) => s.setQuantity);
  const setPrice = useCart((s) => s.setPrice);
  const remove = useCart((s) => s.remove);
  const deleted = check?.state === 'deleted';
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderColor={deleted || check?.state === 'price-changed' ? 'orange.400' : undefined}
      rounded="lg"
      p="3"
      listStyleType="none"
      data-check={check?.state}
    >
      <Stack gap="2">
        <HStack justify="space-between" align="start">
          <Text
            fontWeight="bold"
            textDecoration={deleted ? 'line-through' : undefined}
            minW="0"
            overflowWrap="anywhere"
          >
            {item.name}
          </Text>
          <IconButton
            aria-label={`${t('cart.remove')}: ${item.name}`}
            size="sm"
            variant="ghost"
            colorPalette="red"
            disabled={disabled}
            onClick={() => remove(storeId, item.product_id)}
          >
            <MdDeleteOutline />
          </IconButton>
        </HStack>
        {deleted && (
          <Alert.Root recipe={alertRecipe} status="warning" size="sm" rounded="md">
            <Alert.Indicator />
            <Alert.Title>{t('checkout.productGone')}</Alert.Title>
          </Alert.Root>
        )}
        {check?.state === 'price-changed' && (
          <Alert.Root recipe={alertRecipe} status="warning" size="sm" rounded="md" flexWrap="wrap" alignItems="center">
            <Alert.Indicator />
            <Alert.Title flex="1" minW="40">
              {t('checkout.priceChanged', {
                old: priceText(item.price_cents),
                now: priceText(check.price_cents),
              })}
            </Alert.Title>
            <Button
              size="xs"
              variant="outline"
              colorPalette="orange"
              disabled={disabled}
              onClick={() => setPrice(storeId, item.product_id, check.price_cents)}
            >
              {t('checkout.acceptPrice')}
            </Button>
          </Alert.Root>
        )}
        {!deleted && (
          <HStack justify="space-between" flexWrap="wrap" gap="2">
            <HStack gap="2" role="group" aria-label={`${t('product.quantity')}: ${item.name}`}>
              <IconButton
                aria-label={t('cart.decrease')}
                size="sm"
                variant="outline"
                disabled={disabled || item.quantity <= LIMITS.quantityMin}
                onClick={() => setQuantity(storeId, item.product_id, item.quantity - 1)}
              >
                <MdRemove />
              </IconButton>
              <Text minW="8" textAlign="center" fontWeight="bold" aria-live="polite">
                {item.quantity}
              </Text>
              <IconButton
                aria-label={t('cart.increase')}
                size="sm"
                variant="outline"
                disabled={disabled || item.quantity >= LIMITS.quantityMax}
                onClick={() => setQuantity(storeId, item.product_id, item.quantity + 1)}
              >
                <MdAdd />
              </IconButton>
            </HStack>
            {/* In the page's direction, each amount isolated: «15 × 7.50 $ = 112.50 $» read from the right in
                Arabic (the $ after its amount), from the left in English. */}
            <Text color="fg.muted" data-testid="line-total">
              {item.quantity} × <Price amount={item.price_cents} /> ={' '}
              <Price amount={item.price_cents * item.quantity} />
            </Text>
          </HStack>
        )}
      </Stack>
    </Box>
  );
}
