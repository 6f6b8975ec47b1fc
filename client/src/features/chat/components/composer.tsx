/**
 * The message input: a text field that grows with the text (Enter sends, Shift+Enter a new line; the
 * field keeps focus after sending, so a phone's keyboard stays open), photos from the gallery (up to
 * 10 at once) or the camera shown in a preview with a caption before sending, and a voice-note
 * recorder when the field is empty. Emits typing start/stop, and typing:true again every
 * TYPING_REFRESH_MS while the user keeps typing (the other side forgets a typist after ~6 s).
 */
import { type QuickReply, LIMITS } from '@agrivet/shared';
import { filterQuickReplies } from '@/api/quick-replies';
import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { Menu } from '@chakra-ui/react/menu';
import { Portal } from '@chakra-ui/react/portal';
import { Progress } from '@chakra-ui/react/progress';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MdAttachFile, MdPhotoCamera, MdPhotoLibrary, MdSend } from 'react-icons/md';
import { notify } from '@/components/ui/toaster';
import { compressImage } from '@/lib/compress-image';
import { menuRecipe, progressRecipe, textareaRecipe } from '@/lib/theme/slot-recipes';
import type { NewMedia } from '@/stores/chat-media';
import { MAX_PHOTOS, PhotoPreview } from './photo-preview';
import { VoiceRecorderControl } from './voice-recorder';

interface ComposerProps {
  /** The store's saved replies: `/` lists them, filtered as you type; Enter inserts one (CONTRACT.md §8). */
  quickReplies?: QuickReply[];
  onSend: (text: string) => void;
  /** Photos (compressed) or a voice note, with the caption of the first. */
  onMedia: (files: NewMedia[], caption: string) => void;
  onTyping: (typing: boolean) => void;
  /** A text the API refused, given back (a new `id` each time): it goes back into the field, never lost. */
  returned?: { id: number; text: string };
}

const TYPING_IDLE_MS = 2500;
export const TYPING_REFRESH_MS = 3000;

/** The photos among picked files, at most MAX_PHOTOS (with a notice for what was left out). */
export function pickPhotos(list: FileList | File[] | null | undefined, notice: (key: string) => void): File[] {
  const files = [...(list ?? [])];
  const photos = files.filter((f) => f.type.startsWith('image/'));
  if (photos.length < files.length) notice('thread.notImage');
  if (photos.length > MAX_PHOTOS) notice('thread.tooMany');
  return photos.slice(0, MAX_PHOTOS);
}

export function Composer({ quickReplies, onSend, onMedia, onTyping, returned }: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  // a refused text comes back before whatever was typed since (once: not again when the field remounts)
  const given = useRef(returned?.id);
  useEffect(() => {
    if (!returned || returned.id === given.current) return;
    given.current = returned.id;
    setText((now) => (now.trim() ? `${returned.text}\n${now}` : returned.text));
  }, [returned]);
  const [pick, setPick] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const slash = quickReplies && !dismissed && /^\/\S*$/.test(text) ? text.slice(1) : null;
  const suggestions = slash === null || !quickReplies ? [] : filterQuickReplies(quickReplies, slash);
  const insert = (reply: QuickReply) => {
    setText(reply.text);
    setPick(0);
    fieldRef.current?.focus({ preventScroll: true });
  };
  const [picked, setPicked] = useState<File[] | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [recording, setRecording] = useState(false);
  const galleryRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
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
    setPick(0);
    if (!value.startsWith('/')) setDismissed(false);
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
    onSend(value);
    setText('');
    stopTyping();
    // Keep the keyboard open on phones: the field keeps focus (a tap on the send button took it).
    fieldRef.current?.focus({ preventScroll: true });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggestions.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setPick((i) => (i + step + suggestions.length) % suggestions.length);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        setDismissed(true);
        return;
      }
      if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey && !e.nativeEvent.isComposing) {
        e.preventDefault();
        const chosen = suggestions[Math.min(pick, suggestions.length - 1)];
        if (chosen) insert(chosen);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const onPicked = (input: HTMLInputElement) => {
    const photos = pickPhotos(input.files, (key) => notify.info(t(key)));
    input.value = '';
    if (photos.length > 0) setPicked(photos);
  };

  const cancelPreview = useCallback(() => setPicked(null), []);

  const sendPhotos = async (files: File[], caption: string) => {
    setPicked(null);
    setProgress(0);
    const ready: NewMedia[] = [];
    try {
      for (const [i, file] of files.entries()) {
        try {
          const image = await compressImage(file, (f) => setProgress((i + f) / files.length));
          if (image.bytes.byteLength > LIMITS.uploadMaxBytes) throw new Error(t('api.fileTooLarge'));
          ready.push({
            kind: 'image',
            blob: new Blob([image.bytes], { type: image.type }),
            width: image.width,
            height: image.height,
          });
        } catch (err) {
          notify.error(err instanceof Error && err.message.includes(' ') ? err : new Error(t('api.notAnImage')));
        }
      }
      if (ready.length > 0) {
        onMedia(ready, caption);
        if (caption && caption === text.trim()) {
          setText('');
          stopTyping();
        }
      }
    } finally {
      setProgress(null);
    }
  };

  const hasText = text.trim().length > 0;
  return (
    <Stack gap="2" as="form" onSubmit={submit} aria-label={t('chat.send')}>
      {suggestions.length > 0 && (
        <Stack
          as="ul"
          role="listbox"
          aria-label={t('quick.list')}
          gap="0"
          borderWidth="1px"
          rounded="md"
          bg="bg"
          maxH="48"
          overflowY="auto"
          data-testid="quick-replies"
        >
          {suggestions.map((reply, i) => (
            <Box
              as="li"
              key={reply.id}
              role="option"
              aria-selected={i === pick}
              listStyleType="none"
              px="3"
              py="1.5"
              cursor="pointer"
              bg={i === pick ? 'green.50' : undefined}
              onPointerDown={(e) => {
                e.preventDefault();
                insert(reply);
              }}
            >
              <Text fontWeight="bold" fontSize="sm" dir="auto" textAlign="start">
                /{reply.shortcut}
              </Text>
              <Text fontSize="sm" color="fg.muted" truncate dir="auto">
                {reply.text}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
      {progress !== null && (
        <Box>
          <Text fontSize="sm" color="fg.muted">
            {t('thread.preparing')}
          </Text>
          <Progress.Root
            recipe={progressRecipe}
            value={Math.round(progress * 100)}
            size="sm"
            colorPalette="green"
            aria-label={t('thread.preparing')}
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Box>
      )}
      <input
        ref={galleryRef}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label={t('thread.gallery')}
        data-testid="photo-input"
        onChange={(e) => onPicked(e.currentTarget)}
      />
      <input
        ref={cameraRef}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label={t('thread.camera')}
        onChange={(e) => onPicked(e.currentTarget)}
      />
      <HStack gap="1" align="end">
        {!recording && (
          <>
            <Menu.Root recipe={menuRecipe} positioning={{ placement: 'top-start' }}>
              <Menu.Trigger asChild>
                <IconButton type="button" variant="ghost" aria-label={t('chat.attach')} disabled={progress !== null}>
                  <MdAttachFile />
                </IconButton>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content minW="48">
                    <Menu.Item value="gallery" onSelect={() => galleryRef.current?.click()}>
                      <MdPhotoLibrary aria-hidden />
                      {t('thread.gallery')}
                    </Menu.Item>
                    <Menu.Item value="camera" onSelect={() => cameraRef.current?.click()}>
                      <MdPhotoCamera aria-hidden />
                      {t('thread.camera')}
                    </Menu.Item>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
            <Textarea
              ref={fieldRef}
              recipe={textareaRecipe}
              value={text}
              onChange={(e) => change(e.currentTarget.value)}
              onKeyDown={onKeyDown}
              placeholder={t('chat.placeholder')}
              aria-label={t('chat.placeholder')}
              rows={1}
              autoresize
              maxH="32"
              minW="0"
              flex="1"
              dir="auto"
              maxLength={LIMITS.messageMax}
            />
          </>
        )}
        {hasText ? (
          <IconButton
            type="submit"
            colorPalette="green"
            rounded="full"
            aria-label={t('chat.send')}
            // A tap on the button must not take the focus (and the keyboard) from the field.
            onPointerDown={(e) => e.preventDefault()}
          >
            <MdSend className="icon-flip-rtl" />
          </IconButton>
        ) : (
          <VoiceRecorderControl
            disabled={progress !== null}
            onActiveChange={setRecording}
            onRecorded={(blob, ms) => onMedia([{ kind: 'audio', blob, duration_ms: ms }], '')}
          />
        )}
      </HStack>
      {picked && (
        <PhotoPreview
          files={picked}
          initialCaption={text.trim()}
          onCancel={cancelPreview}
          onSend={(files, caption) => void sendPhotos(files, caption)}
        />
      )}
    </Stack>
  );
}

/**
 * A photo's upload progress in its bubble (message-bubble.tsx), kept in the composer's chunk: a photo is
 * sent from the composer, so its bar's code is in before any upload starts — also when the photo was
 * picked offline and the bar's own chunk could not be fetched (it was one, of 0.3 KB).
 */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <Progress.Root recipe={progressRecipe} value={percent} size="xs" colorPalette="green" aria-label={label}>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
