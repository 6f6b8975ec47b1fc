/**
 * Message input with an image attach button; emits typing start/stop, and typing:true again every
 * TYPING_REFRESH_MS while the user keeps typing (the other side forgets a typist after ~6 s).
 */
import { LIMITS } from '@agrivet/shared';
import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { Progress } from '@chakra-ui/react/progress';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../i18n/contract-messages';
import { MdAttachFile, MdSend } from 'react-icons/md';
import { notify } from '../../../components/ui/toaster';
import { type CompressedImage, compressImage } from '../../../lib/compress-image';
import { progressRecipe, textareaRecipe } from '../../../lib/theme/slot-recipes';

interface ComposerProps {
  onSend: (text: string, image: CompressedImage | null) => void;
  onTyping: (typing: boolean) => void;
}

const TYPING_IDLE_MS = 2500;
export const TYPING_REFRESH_MS = 3000;

export function Composer({ onSend, onTyping }: ComposerProps) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const typing = useRef(false);
  const typingSentAt = useRef(0);

  const stopTyping = () => {
    if (typingTimer.current) clearTimeout(typingTimer.current);
    typingTimer.current = null;
    if (typing.current) {
      typing.current = false;
      onTyping(false);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: stop typing once on unmount.
  useEffect(() => stopTyping, []);

  const change = (value: string) => {
    setText(value);
    const now = Date.now();
    if (value.trim() && (!typing.current || now - typingSentAt.current >= TYPING_REFRESH_MS)) {
      typing.current = true;
      typingSentAt.current = now;
      onTyping(true);
    }
    if (typingTimer.current) clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  };

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const value = text.trim();
    if (!value) return;
    onSend(value, null);
    setText('');
    stopTyping();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      submit();
    }
  };

  const attach = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      notify.error(new Error(t('api.notAnImage')));
      return;
    }
    try {
      setProgress(0);
      const image = await compressImage(file, setProgress);
      if (image.bytes.byteLength > LIMITS.imageMaxBytes) throw new Error(t('api.fileTooLarge'));
      onSend(text.trim(), image);
      setText('');
      stopTyping();
    } catch (err) {
      notify.error(err instanceof Error && err.message.includes(' ') ? err : new Error(t('api.notAnImage')));
    } finally {
      setProgress(null);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <Stack gap="2" as="form" onSubmit={submit} aria-label={t('chat.send')}>
      {progress !== null && (
        <Box>
          <Text fontSize="sm" color="fg.muted">
            {t('chat.uploading')}
          </Text>
          <Progress.Root
            recipe={progressRecipe}
            value={Math.round(progress * 100)}
            size="sm"
            colorPalette="green"
            aria-label={t('chat.uploading')}
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Box>
      )}
      <HStack gap="2" align="end">
        <IconButton
          type="button"
          variant="ghost"
          aria-label={t('chat.attach')}
          onClick={() => fileRef.current?.click()}
          disabled={progress !== null}
        >
          <MdAttachFile />
        </IconButton>
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          hidden
          aria-label={t('chat.attach')}
          onChange={(e) => void attach(e.currentTarget.files?.[0])}
        />
        <Textarea
          recipe={textareaRecipe}
          value={text}
          onChange={(e) => change(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          placeholder={t('chat.placeholder')}
          aria-label={t('chat.placeholder')}
          rows={1}
          autoresize
          maxH="32"
          dir="auto"
          maxLength={LIMITS.messageMax}
        />
        <IconButton type="submit" colorPalette="green" aria-label={t('chat.send')} disabled={!text.trim()}>
          <MdSend style={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }} />
        </IconButton>
      </HStack>
    </Stack>
  );
}
