/**
 * The photos picked, before sending (up to 10): thumbnails, each removable, a caption field (the
 * caption goes with the first photo), Cancel and Send. Closing the dialog (Escape) cancels.
 */
import { LIMITS } from '@agrivet/shared';
import { Box } from '@chakra-ui/react/box';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Image } from '@chakra-ui/react/image';
import { Portal } from '@chakra-ui/react/portal';
import { Textarea } from '@chakra-ui/react/textarea';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MdClose, MdSend } from 'react-icons/md';
import { dialogRecipe, textareaRecipe } from '@/lib/theme/slot-recipes';

export const MAX_PHOTOS = 10;

interface PhotoPreviewProps {
  files: File[];
  /** Text already typed in the composer becomes the caption. */
  initialCaption?: string;
  onCancel: () => void;
  onSend: (files: File[], caption: string) => void;
}

export function PhotoPreview({ files, initialCaption = '', onCancel, onSend }: PhotoPreviewProps) {
  const { t } = useTranslation();
  const captionId = useId();
  // Each picked file keeps its own key (two photos may share a name).
  const [kept, setKept] = useState(() =>
    files.map((file, i) => ({ file, key: `${i}-${file.name}-${file.lastModified}` })),
  );
  const [caption, setCaption] = useState(initialCaption);
  const urls = useMemo(() => kept.map((k) => URL.createObjectURL(k.file)), [kept]);
  useEffect(
    () => () => {
      for (const u of urls) URL.revokeObjectURL(u);
    },
    [urls],
  );
  useEffect(() => {
    if (kept.length === 0) onCancel();
  }, [kept.length, onCancel]);

  return (
    <Dialog.Root
      recipe={dialogRecipe}
      open
      onOpenChange={(e) => {
        if (!e.open) onCancel();
      }}
      placement="center"
      size={{ base: 'full', md: 'lg' }}
      initialFocusEl={() => document.getElementById(captionId)}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('thread.previewTitle', { count: kept.length })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Box
                as="ul"
                display="grid"
                gridTemplateColumns={kept.length === 1 ? '1fr' : 'repeat(auto-fill, minmax(96px, 1fr))'}
                gap="2"
                aria-label={t('thread.photos')}
              >
                {kept.map(({ file, key }, i) => (
                  <Box as="li" key={key} listStyleType="none" position="relative">
                    <Image
                      src={urls[i]}
                      alt={file.name}
                      w="100%"
                      aspectRatio={kept.length === 1 ? undefined : 1}
                      maxH={kept.length === 1 ? '60dvh' : undefined}
                      objectFit={kept.length === 1 ? 'contain' : 'cover'}
                      rounded="md"
                      bg="gray.100"
                    />
                    <IconButton
                      aria-label={t('thread.removePhoto', { n: i + 1 })}
                      size="xs"
                      rounded="full"
                      position="absolute"
                      top="1"
                      insetEnd="1"
                      colorPalette="gray"
                      variant="solid"
                      onClick={() => setKept((list) => list.filter((_, j) => j !== i))}
                    >
                      <MdClose />
                    </IconButton>
                  </Box>
                ))}
              </Box>
              <Textarea
                recipe={textareaRecipe}
                id={captionId}
                mt="3"
                value={caption}
                onChange={(e) => setCaption(e.currentTarget.value)}
                placeholder={t('thread.caption')}
                aria-label={t('thread.caption')}
                rows={1}
                autoresize
                maxH="24"
                dir="auto"
                maxLength={LIMITS.messageMax}
              />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                {t('thread.cancel')}
              </Button>
              <Button
                colorPalette="green"
                onClick={() =>
                  onSend(
                    kept.map((k) => k.file),
                    caption.trim(),
                  )
                }
                disabled={kept.length === 0}
              >
                <MdSend className="icon-flip-rtl" aria-hidden />
                {t('thread.sendPhotos')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
