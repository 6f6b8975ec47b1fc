/** The account's photo: image files only, shrunk in the browser before upload, with a preview. */
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Image } from '@chakra-ui/react/image';
import { HStack } from '@chakra-ui/react/stack';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MdImage } from 'react-icons/md';
import { type CompressedImage, compressImage, ImageError, usePreviewUrl } from '@/lib/compress-image';
import { fallbackToLogo, imageUrl } from '@/lib/images';
import { fieldRecipe } from '@/lib/theme/slot-recipes';

interface PhotoFieldProps {
  current: string | null;
  value: CompressedImage | null;
  onChange: (image: CompressedImage | null) => void;
}

export function PhotoField({ current, value, onChange }: PhotoFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = usePreviewUrl(value);

  const pick = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setError(t('account.notImage'));
      return;
    }
    setBusy(true);
    try {
      onChange(await compressImage(file));
    } catch (err) {
      // a file the browser cannot read as a picture (a text file named .jpg): said in the UI language
      setError(err instanceof ImageError ? err.message : t('account.notImage'));
    } finally {
      setBusy(false);
    }
  };

  const shown = preview ?? (current ? imageUrl(current, true) : null);
  return (
    <Field.Root recipe={fieldRecipe} invalid={error !== null}>
      <Field.Label htmlFor={id}>{t('account.image')}</Field.Label>
      <HStack gap="4" flexWrap="wrap">
        {shown && (
          <Image
            src={shown}
            alt=""
            boxSize="16"
            rounded="full"
            objectFit="cover"
            borderWidth="1px"
            onError={fallbackToLogo}
          />
        )}
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/*"
          hidden
          onChange={(e) => void pick(e.currentTarget.files?.[0])}
        />
        <Button variant="outline" size="sm" loading={busy} onClick={() => input.current?.click()}>
          <MdImage aria-hidden />
          {t('account.chooseImage')}
        </Button>
      </HStack>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
