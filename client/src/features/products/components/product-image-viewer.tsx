/**
 * The product's picture full screen (a dialog: Escape, the close button or a tap on the backdrop close it;
 * focus stays inside). Loaded when first opened.
 */
import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Image } from '@chakra-ui/react/image';
import { Portal } from '@chakra-ui/react/portal';
import { useTranslation } from 'react-i18next';
import { MdClose } from 'react-icons/md';
import { fallbackToLogo } from '@/lib/images';
import { dialogRecipe } from '@/lib/theme/slot-recipes';

export default function ProductImageViewer({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      recipe={dialogRecipe}
      open
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      size="full"
      motionPreset="none"
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.900" />
        <Dialog.Positioner>
          <Dialog.Content bg="black" color="white" data-testid="product-image-viewer">
            <Dialog.Title srOnly>{t('productPage.viewer')}</Dialog.Title>
            <Box display="flex" justifyContent="flex-end" p="2">
              <Dialog.CloseTrigger asChild position="static">
                <IconButton
                  aria-label={t('productPage.close')}
                  variant="ghost"
                  color="white"
                  _hover={{ bg: 'whiteAlpha.200' }}
                >
                  <MdClose />
                </IconButton>
              </Dialog.CloseTrigger>
            </Box>
            <Box flex="1" display="flex" alignItems="center" justifyContent="center" minH="0" p="2">
              <Image
                src={src}
                alt={alt}
                onError={fallbackToLogo}
                maxW="100%"
                maxH="calc(100dvh - 72px)"
                objectFit="contain"
                draggable={false}
              />
            </Box>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
