/**
 * Optional image of a form: accepts image files only, shrinks the photo in the browser (weak
 * connections), shows a preview (the current image when editing) and the upload progress bar.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Image } from '@chakra-ui/react/image';
import { Progress } from '@chakra-ui/react/progress';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useId, useRef, useState } from 'react';
import { MdImage } from 'react-icons/md';
import { type CompressedImage, compressImage, ImageError, usePreviewUrl } from '@/lib/compress-image';
import { fallbackToLogo, imageUrl } from '@/lib/images';
import { useDashboardT } from '@/features/dashboard/i18n/register';
import { fieldRecipe, progressRecipe } from '@/features/dashboard/lib/recipes';

interface ImageFieldProps {
  /** Stored path of the current image (edit), or null. */
  current: string | null;
  value: CompressedImage | null;
  onChange: (image: CompressedImage | null) => void;
  /** Upload progress 0..100 while the form is sent, else null. */
  progress: number | null;
  label?: string;
}

export function ImageField({ current, value, onChange, progress, label }: ImageFieldProps) {
  const { t } = useDashboardT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = usePreviewUrl(value);

  const pick = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setError(t('form.notImage'));
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setBusy(true);
    try {
      onChange(await compressImage(file));
    } catch (err) {
      // a file the browser cannot read as a picture (a text file named .jpg): said in the UI language
      setError(err instanceof ImageError ? err.message : t('form.notImage'));
    } finally {
      setBusy(false);
    }
  };

  const shown = preview ?? (current ? imageUrl(current, true) : null);
  return (
    <Field.Root recipe={fieldRecipe} invalid={error !== null}>
      <Field.Label htmlFor={id}>{label ?? t('form.image')}</Field.Label>
      <HStack gap="4" align="center" flexWrap="wrap">
        {shown && (
          <Image
            src={shown}
            alt=""
            boxSize="20"
            objectFit="cover"
            rounded="md"
            borderWidth="1px"
            onError={fallbackToLogo}
          />
        )}
        <Stack gap="1">
          <Button type="button" variant="outline" size="sm" loading={busy} onClick={() => inputRef.current?.click()}>
            <MdImage aria-hidden />
            {t('form.chooseImage')}
          </Button>
          <Text fontSize="xs" color="fg.muted">
            {t('form.imageHint')}
          </Text>
        </Stack>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept="image/*"
          hidden
          onChange={(e) => void pick(e.currentTarget.files?.[0])}
        />
      </HStack>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
      {progress !== null && (
        <Box width="full" mt="2">
          <Progress.Root
            recipe={progressRecipe}
            value={progress}
            size="sm"
            colorPalette="green"
            aria-label={t('form.uploading', { percent: progress })}
          >
            <Progress.Label fontSize="sm">{t('form.uploading', { percent: progress })}</Progress.Label>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Box>
      )}
    </Field.Root>
  );
}
