import type { Store } from '@agrivet/shared';
import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { MdLocationOn, MdStorefront } from 'react-icons/md';
import { Link as RouterLink } from 'react-router-dom';
import { ItemCard } from '@/components/ui/item-card';
import { MessageStoreLink } from '@/components/ui/message-store-link';
import { StoreRating, UnavailableBadge, VerifiedBadge } from '@/components/ui/store-badges';
import { paths } from '@/config/paths';
import { provinceLabel } from '@/features/stores/lib/province-label';

export function StoreCard({ store, eager }: { store: Store; eager?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <ItemCard
      image={store.image}
      title={store.name_store}
      freeDelivery
      eager={eager}
      actions={
        <>
          <Button asChild size="sm" colorPalette="green" flex="1">
            <RouterLink
              to={paths.store.getHref(store.id)}
              aria-label={`${t('store.viewProducts')}: ${store.name_store}`}
            >
              <MdStorefront aria-hidden />
              {t('store.viewProducts')}
            </RouterLink>
          </Button>
          {/* a link: a tap works before the page's code has run (a slow phone on a server-rendered list) */}
          <MessageStoreLink store={store} size="sm" flex="1" />
        </>
      }
    >
      <HStack gap="2" flexWrap="wrap" justify="space-between">
        <StoreRating avg={store.rating_avg} count={store.rating_count} />
        {store.verified && <VerifiedBadge />}
      </HStack>
      {!store.available && <UnavailableBadge />}
      <HStack gap="1" color="fg.muted" fontSize="sm">
        <MdLocationOn aria-hidden />
        <Text>{provinceLabel(store, i18n.language)}</Text>
      </HStack>
      <Text fontSize="sm" lineClamp={2}>
        {store.address}
      </Text>
    </ItemCard>
  );
}
