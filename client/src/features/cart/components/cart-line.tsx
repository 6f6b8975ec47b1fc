import { type CartItem, formatPrice, LIMITS } from '@agrivet/shared';
import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { MdAdd, MdDeleteOutline, MdRemove } from 'react-icons/md';
import { useCart } from '../../../stores/cart';

export function CartLine({ item, disabled }: { item: CartItem; disabled?: boolean }) {
  const { t } = useTranslation();
  const setQuantity = useCart((s) => s.setQuantity);
  const remove = useCart((s) => s.remove);
  return (
    <Box as="li" borderWidth="1px" rounded="lg" p="3" listStyleType="none">
      <Stack gap="2">
        <HStack justify="space-between" align="start">
          <Text fontWeight="bold">{item.name}</Text>
          <IconButton
            aria-label={`${t('cart.remove')}: ${item.name}`}
            size="sm"
            variant="ghost"
            colorPalette="red"
            disabled={disabled}
            onClick={() => remove(item.product_id)}
          >
            <MdDeleteOutline />
          </IconButton>
        </HStack>
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <HStack gap="2" role="group" aria-label={`${t('product.quantity')}: ${item.name}`}>
            <IconButton
              aria-label={t('cart.decrease')}
              size="sm"
              variant="outline"
              disabled={disabled || item.quantity <= LIMITS.quantityMin}
              onClick={() => setQuantity(item.product_id, item.quantity - 1)}
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
              onClick={() => setQuantity(item.product_id, item.quantity + 1)}
            >
              <MdAdd />
            </IconButton>
          </HStack>
          <Text color="fg.muted" dir="ltr">
            {item.quantity} × {formatPrice(item.price_cents)} = {formatPrice(item.price_cents * item.quantity)}
          </Text>
        </HStack>
      </Stack>
    </Box>
  );
}
