/**
 * Full-screen photo viewer: an accessible dialog (Escape or the close button closes it, focus stays
 * inside), the previous / next buttons, the arrow keys and a horizontal swipe move between the
 * thread's photos.
 */
import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Image } from '@chakra-ui/react/image';
import { Portal } from '@chakra-ui/react/portal';
import { Text } from '@chakra-ui/react/text';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MdChevronLeft, MdChevronRight, MdClose } from 'react-icons/md';
import { dialogRecipe } from '@/lib/theme/slot-recipes';

export interface ViewerPhoto {
  key: string;
  src: string;
  width?: number;
  height?: number;
}

interface ImageViewerProps {
  photos: ViewerPhoto[];
  /** The photo shown; null: closed. */
  index: number | null;
  onIndex: (index: number | null) => void;
}

const SWIPE_PX = 50;

export function ImageViewer({ photos, index, onIndex }: ImageViewerProps) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const startX = useRef<number | null>(null);
  const open = index !== null && photos[index] !== undefined;
  const photo = open ? photos[index] : null;
  const go = (delta: number) => {
    if (index === null) return;
    const next = index + delta;
    if (next >= 0 && next < photos.length) onIndex(next);
  };
  // In RTL the next photo is to the left (reading direction).
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') go(rtl ? 1 : -1);
    else if (e.key === 'ArrowRight') go(rtl ? -1 : 1);
  };
  return (
    <Dialog.Root
      recipe={dialogRecipe}
      open={open}
      onOpenChange={(e) => {
        if (!e.open) onIndex(null);
      }}
      size="full"
      motionPreset="none"
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.900" />
        <Dialog.Positioner>
          <Dialog.Content
            bg="black"
            color="white"
            onKeyDown={onKeyDown}
            onPointerDown={(e) => {
              startX.current = e.clientX;
            }}
            onPointerUp={(e) => {
              if (startX.current === null) return;
              const dx = e.clientX - startX.current;
              startX.current = null;
              if (Math.abs(dx) < SWIPE_PX) return;
              // Swiping towards the reading start shows the next photo.
              go(dx < 0 !== rtl ? 1 : -1);
            }}
          >
            <Dialog.Title srOnly>{t('thread.viewer')}</Dialog.Title>
            <Box display="flex" alignItems="center" justifyContent="space-between" p="2" gap="2">
              <Text fontSize="sm" aria-live="polite">
                {photo ? t('thread.photoOf', { n: (index ?? 0) + 1, total: photos.length }) : ''}
              </Text>
              <Dialog.CloseTrigger asChild position="static">
                <IconButton
                  aria-label={t('thread.close')}
                  variant="ghost"
                  color="white"
                  _hover={{ bg: 'whiteAlpha.200' }}
                >
                  <MdClose />
                </IconButton>
              </Dialog.CloseTrigger>
            </Box>
            <Box
              flex="1"
              display="flex"
              alignItems="center"
              justifyContent="center"
              minH="0"
              position="relative"
              px="12"
            >
              {photo && (
                <Image
                  src={photo.src}
                  alt={t('thread.photoOf', { n: (index ?? 0) + 1, total: photos.length })}
                  maxW="100%"
                  maxH="calc(100dvh - 80px)"
                  objectFit="contain"
                  draggable={false}
                />
              )}
              {photos.length > 1 && (
                <>
                  <IconButton
                    aria-label={t('thread.previous')}
                    position="absolute"
                    insetStart="1"
                    top="50%"
                    transform="translateY(-50%)"
                    rounded="full"
                    variant="subtle"
                    disabled={index === 0}
                    onClick={() => go(-1)}
                  >
                    {rtl ? <MdChevronRight /> : <MdChevronLeft />}
                  </IconButton>
                  <IconButton
                    aria-label={t('thread.next')}
                    position="absolute"
                    insetEnd="1"
                    top="50%"
                    transform="translateY(-50%)"
                    rounded="full"
                    variant="subtle"
                    disabled={index === photos.length - 1}
                    onClick={() => go(1)}
                  >
                    {rtl ? <MdChevronLeft /> : <MdChevronRight />}
                  </IconButton>
                </>
              )}
            </Box>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
