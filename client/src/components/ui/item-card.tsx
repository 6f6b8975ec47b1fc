/**
 * The card of every browse list: image (logo fallback), title, lines of text, a star for special
 * items, a free delivery ribbon, and actions at the bottom.
 */
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Card } from '@chakra-ui/react/card';
import { Image } from '@chakra-ui/react/image';
import { HStack } from '@chakra-ui/react/stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MdStar } from 'react-icons/md';
import { fallbackToLogo, imageUrl } from '../../lib/images';
import { cardRecipe } from '../../lib/theme/slot-recipes';

interface ItemCardProps {
  image: string | null;
  title: string;
  /** Heading level of the title inside the list. */
  titleAs?: 'h2' | 'h3';
  children?: ReactNode;
  special?: boolean;
  freeDelivery?: boolean;
  actions?: ReactNode;
  /** Load the first cards eagerly (LCP). */
  eager?: boolean;
}

export function ItemCard({
  image,
  title,
  titleAs = 'h2',
  children,
  special,
  freeDelivery,
  actions,
  eager,
}: ItemCardProps) {
  const { t } = useTranslation();
  return (
    <Card.Root recipe={cardRecipe} as="article" overflow="hidden" size="sm" variant="outline" position="relative">
      <Box position="relative" bg="gray.100" aspectRatio={4 / 3}>
        <Image
          src={imageUrl(image, true)}
          alt=""
          onError={fallbackToLogo}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          width="100%"
          height="100%"
          objectFit="cover"
        />
        {freeDelivery && (
          <Badge position="absolute" top="2" insetStart="2" colorPalette="green" variant="solid" size="md">
            {t('store.freeDelivery')}
          </Badge>
        )}
        {special && (
          <Badge position="absolute" top="2" insetEnd="2" colorPalette="yellow" variant="solid" size="md">
            <MdStar aria-hidden />
            {t('store.special')}
          </Badge>
        )}
      </Box>
      <Card.Body gap="1">
        <Card.Title as={titleAs} fontSize="lg" lineClamp={2}>
          {title}
        </Card.Title>
        {children}
      </Card.Body>
      {actions && (
        <Card.Footer>
          <HStack gap="2" width="full" flexWrap="wrap">
            {actions}
          </HStack>
        </Card.Footer>
      )}
    </Card.Root>
  );
}
