/**
 * A card in the chat (CONTRACT.md §8): a product the store (or the farmer, from a product page) sent —
 * tap to add it to that store's cart or to open the cart and order — or an order's state after a
 * change (each change adds a card, live: the thread's message:new). The away reply is marked as the
 * store's automatic reply.
 */
import { type MessageCard, orderStageLabels, orderStatusLabels, parseCents } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Image } from '@chakra-ui/react/image';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { MdAddShoppingCart, MdReceiptLong } from 'react-icons/md';
import { Link as RouterLink } from 'react-router-dom';
import { notify } from '@/components/ui/toaster';
import { Price } from '@/components/ui/price';
import { paths } from '@/config/paths';
import { fallbackToLogo, imageUrl } from '@/lib/images';
import { useCart } from '@/stores/cart';

export interface CardContext {
  storeId: number;
  storeName: string;
  /** The viewer is the buyer (the conversation's customer), not the store. */
  buyer: boolean;
  /** The card was written as the buyer (an order's create or cancel; a store's change is written as the store). */
  fromBuyer?: boolean;
}

export function MessageCardView({ card, context }: { card: MessageCard; context?: CardContext }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ar';
  if (card.type === 'product') {
    const add = () => {
      if (!context) return;
      const cents = parseCents(card.price) ?? 0;
      const added = useCart
        .getState()
        .add(
          context.storeId,
          { product_id: card.product_id, quantity: 1, name: card.name, price_cents: cents },
          context.storeName,
        );
      if (added) notify.success(t('cards.added'), card.name);
    };
    return (
      <Box borderWidth="1px" rounded="lg" bg="bg" p="2" data-testid="product-card">
        <HStack gap="2" align="start">
          {card.image && (
            <Image
              src={imageUrl(card.image.replace(/\.webp$/, '.thumb.webp'))}
              onError={fallbackToLogo}
              alt=""
              w="14"
              h="14"
              objectFit="cover"
              rounded="md"
            />
          )}
          <Stack gap="0" minW="0">
            <Text fontWeight="bold" dir="auto" truncate>
              {card.name}
            </Text>
            <Text color="green.700" data-testid="product-card-price">
              <Price amount={card.price} />
            </Text>
          </Stack>
        </HStack>
        {context?.buyer && (
          <HStack gap="2" mt="2" flexWrap="wrap">
            <Button size="xs" colorPalette="green" onClick={add}>
              <MdAddShoppingCart aria-hidden />
              {t('cards.addToCart')}
            </Button>
            <Button size="xs" variant="outline" asChild>
              <RouterLink to={paths.cart.getHref(context.storeId)} onClick={add}>
                {t('cards.orderNow')}
              </RouterLink>
            </Button>
          </HStack>
        )}
      </Box>
    );
  }
  // The buyer's cancel is no rejection: `cancelled_by`, or (cards written before it existed) a closing card
  // written as the buyer — the store's rejections are written as the store.
  const cancelled = card.status === 2 && (card.cancelled_by === 'buyer' || context?.fromBuyer === true);
  const state = cancelled
    ? t('cards.cancelled')
    : card.status === 0
      ? orderStageLabels[lang][card.stage]
      : orderStatusLabels[lang][card.status];
  const palette = card.status === 1 ? 'green' : cancelled ? 'gray' : card.status === 2 ? 'red' : 'orange';
  return (
    <Box
      borderWidth="1px"
      rounded="lg"
      bg="bg"
      p="2"
      data-testid="order-card"
      data-stage={card.stage}
      data-status={card.status}
      data-cancelled={cancelled ? 'buyer' : undefined}
    >
      <HStack gap="2" flexWrap="wrap">
        <MdReceiptLong aria-hidden />
        <Text fontWeight="bold">{t('cards.order', { id: card.order_id })}</Text>
        <Badge colorPalette={palette} data-testid="order-card-state">
          {state}
        </Badge>
      </HStack>
      {card.status === 2 && card.reason && (
        <Text fontSize="sm" color="fg.muted" mt="1" dir="auto" data-testid="order-card-reason">
          {t('cards.reason', { reason: card.reason })}
        </Text>
      )}
      <HStack gap="2" mt="1" justify="space-between" flexWrap="wrap">
        <Text data-testid="order-card-total">
          <Price amount={card.total} />
        </Text>
        {context && (
          <RouterLink
            to={
              context.buyer ? paths.myOrders.getHref() : `${paths.dashboard.orderDetails.getHref()}?id=${card.order_id}`
            }
          >
            <Text as="span" color="green.700" textDecoration="underline" fontSize="sm">
              {t('cards.viewOrder')}
            </Text>
          </RouterLink>
        )}
      </HStack>
    </Box>
  );
}
