/**
 * The card of every browse list: image (a small placeholder without one, the logo if it fails to
 * load), title, lines of text, a star for special items, a free delivery ribbon, and actions at the bottom.
 */
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Card } from '@chakra-ui/react/card';
import { Image } from '@chakra-ui/react/image';
import { HStack } from '@chakra-ui/react/stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MdStar } from 'react-icons/md';
import { fallbackToLogo, imageUrl } from '@/lib/images';
import { SproutIcon } from './icons';
import { cardRecipe } from '@/lib/theme/slot-recipes';

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
      {/* The picture's box is sized before it arrives (no layout shift); without a picture, a short band
          with a small mark instead of the large logo (12 cards stay a short page on a phone). */}
      <Box
        position="relative"
        bg="gray.100"
        aspectRatio={image ? 4 / 3 : undefined}
        h={image ? undefined : '16'}
        display={image ? undefined : 'flex'}
        alignItems="center"
        justifyContent="center"
        color="green.700"
        data-placeholder={image ? undefined : ''}
      >
        {image ? (
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
        ) : (
          <SproutIcon aria-hidden width="28" height="28" opacity={0.6} />
        )}
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
        {/* Cairo's Arabic reaches 1.874 em from ascender to the dots below ي: a line height under that
            clips them on the last visible line of the clamp. */}
        <Card.Title as={titleAs} fontSize="lg" lineHeight="1.9" lineClamp={2}>
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
