/**
 * Optional image of a form: accepts image files only, shrinks the photo in the browser (weak
 * connections), shows a preview (the current image when editing) and the upload progress bar.
 *
 * A chosen file that cannot be used (not an image, or one the browser cannot open) is refused under the
 * field and, inside a Formik form, blocks the save as an invalid field does: the form is not sent — the
 * user meant to attach a picture, and a save without it that says «تم اضافة المنتج بنجاح» hid that none
 * went — until another image is chosen or the choice is removed («إلغاء اختيار الصورة»); the save's
 * attempt brings the field into view and focus. So does a photo still being prepared.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Image } from '@chakra-ui/react/image';
import { Progress } from '@chakra-ui/react/progress';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { FormikContext, type FormikContextType } from 'formik';
import { useContext, useEffect, useId, useRef, useState } from 'react';
import { MdClose, MdImage } from 'react-icons/md';
import { type CompressedImage, compressImage, ImageError, usePreviewUrl } from '@/lib/compress-image';
import { fallbackToLogo, imageUrl } from '@/lib/images';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
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

/** The name the field's check is registered under in the form (no value of the form carries it). */
const FIELD = 'image';

export function ImageField({ current, value, onChange, progress, label }: ImageFieldProps) {
  const { t } = useDashboardT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = usePreviewUrl(value);

  // Inside a Formik form (not every use is): the save is refused while the chosen file is unusable or
  // still being prepared — Formik runs the check with the form's own on submit.
  const formik = useContext(FormikContext) as FormikContextType<unknown> | undefined;
  const blocking = useRef<string | undefined>(undefined);
  blocking.current = error ?? (busy ? t('form.imageBusy') : undefined);
  const registerField = formik?.registerField;
  const unregisterField = formik?.unregisterField;
  useEffect(() => {
    if (!registerField || !unregisterField) return;
    registerField(FIELD, { validate: () => blocking.current });
    return () => unregisterField(FIELD);
  }, [registerField, unregisterField]);
  // A save refused for this field alone: bring it into view and focus (once the attempt's checks are done;
  // with other fields wrong too, the focus is left where the user is).
  const submitting = formik?.isSubmitting ?? false;
  const errors = formik?.errors;
  const wasSubmitting = useRef(false);
  useEffect(() => {
    const attemptEnded = wasSubmitting.current && !submitting;
    wasSubmitting.current = submitting;
    if (!attemptEnded || blocking.current === undefined) return;
    if (Object.keys(errors ?? {}).some((key) => key !== FIELD)) return;
    buttonRef.current?.scrollIntoView?.({ block: 'center' });
    buttonRef.current?.focus();
  }, [submitting, errors]);

  const pick = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setError(t('form.notImage'));
      // the latest choice is this file: an earlier one is not kept behind the error
      if (value !== null) onChange(null);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setBusy(true);
    try {
      onChange(await compressImage(file));
    } catch (err) {
      // a file the browser cannot read as a picture (a text file named .jpg): said in the UI language
      setError(err instanceof ImageError ? err.message : t('form.notImage'));
      if (value !== null) onChange(null);
      if (inputRef.current) inputRef.current.value = '';
    } finally {
      setBusy(false);
    }
  };

  const clear = () => {
    setError(null);
    onChange(null);
    if (inputRef.current) inputRef.current.value = '';
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
          <HStack gap="2" flexWrap="wrap">
            <Button
              ref={buttonRef}
              type="button"
              variant="outline"
              size="sm"
              loading={busy}
              onClick={() => inputRef.current?.click()}
              aria-describedby={error !== null ? `${id}-error` : undefined}
            >
              <MdImage aria-hidden />
              {t('form.chooseImage')}
            </Button>
            {(value !== null || error !== null) && (
              <Button type="button" variant="ghost" size="sm" onClick={clear}>
                <MdClose aria-hidden />
                {t('form.clearImage')}
              </Button>
            )}
          </HStack>
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
      {error && (
        <Stack gap="0" id={`${id}-error`} data-testid="image-error">
          <Field.ErrorText>{error}</Field.ErrorText>
          <Text fontSize="xs" color="fg.error">
            {t('form.imageBlocksSave')}
          </Text>
        </Stack>
      )}
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
