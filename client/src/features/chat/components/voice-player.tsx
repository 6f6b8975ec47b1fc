/**
 * A voice note's player: play/pause (a button named for what it does), a progress bar that seeks
 * when clicked or moved with the arrow keys, and the time played / the duration. The file is the MP3
 * the API stores (every browser plays it); a note still on this device plays from its object URL.
 */
import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MdPause, MdPlayArrow } from 'react-icons/md';
import { formatDuration } from '@/features/chat/lib/recorder';

interface VoicePlayerProps {
  src: string;
  /** The API's measured duration (the stored MP3's); the audio element's own when absent. */
  durationMs?: number;
  mine?: boolean;
}

export function VoicePlayer({ src, durationMs, mine = false }: VoicePlayerProps) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [mediaDuration, setMediaDuration] = useState<number | null>(null);
  const total = durationMs ?? mediaDuration ?? 0;
  const fraction = total > 0 ? Math.min(1, position / total) : 0;

  useEffect(() => {
    const el = audio.current;
    if (!el) return;
    const time = () => setPosition(el.currentTime * 1000);
    const meta = () => {
      if (Number.isFinite(el.duration)) setMediaDuration(el.duration * 1000);
    };
    const ended = () => {
      setPlaying(false);
      setPosition(0);
    };
    const pause = () => setPlaying(false);
    const play = () => setPlaying(true);
    el.addEventListener('timeupdate', time);
    el.addEventListener('loadedmetadata', meta);
    el.addEventListener('ended', ended);
    el.addEventListener('pause', pause);
    el.addEventListener('play', play);
    return () => {
      el.removeEventListener('timeupdate', time);
      el.removeEventListener('loadedmetadata', meta);
      el.removeEventListener('ended', ended);
      el.removeEventListener('pause', pause);
      el.removeEventListener('play', play);
    };
  }, []);

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) {
      // Only one voice note plays at a time.
      for (const other of document.querySelectorAll<HTMLAudioElement>('audio[data-voice]')) {
        if (other !== el) other.pause();
      }
      void el.play().catch(() => setPlaying(false));
    } else el.pause();
  };

  const seek = (to: number) => {
    const el = audio.current;
    if (!el || total <= 0) return;
    const ms = Math.max(0, Math.min(total, to));
    el.currentTime = ms / 1000;
    setPosition(ms);
  };
  const onPointer = (e: PointerEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const x = rtl ? rect.right - e.clientX : e.clientX - rect.left;
    seek((x / rect.width) * total);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const step = 5000;
    if (e.key === 'ArrowRight') seek(position + (rtl ? -step : step));
    else if (e.key === 'ArrowLeft') seek(position + (rtl ? step : -step));
    else if (e.key === 'Home') seek(0);
    else if (e.key === 'End') seek(total);
    else return;
    e.preventDefault();
  };

  return (
    <HStack gap="2" minW="52" maxW="72" data-voice-player>
      {/* biome-ignore lint/a11y/useMediaCaption: a voice note has no captions; its text is the conversation. */}
      <audio ref={audio} src={src} preload="metadata" data-voice />
      <IconButton
        type="button"
        size="sm"
        rounded="full"
        colorPalette="green"
        variant={mine ? 'solid' : 'subtle'}
        aria-label={playing ? t('thread.pause') : t('thread.play')}
        onClick={toggle}
      >
        {playing ? <MdPause /> : <MdPlayArrow />}
      </IconButton>
      <Box flex="1" minW="0">
        <Box
          role="progressbar"
          aria-label={t('thread.progress')}
          aria-valuemin={0}
          aria-valuemax={Math.round(total / 1000)}
          aria-valuenow={Math.round(position / 1000)}
          aria-valuetext={`${formatDuration(position)} / ${formatDuration(total)}`}
          tabIndex={0}
          onPointerDown={onPointer}
          onKeyDown={onKey}
          h="2"
          my="2"
          bg="blackAlpha.200"
          rounded="full"
          cursor="pointer"
          position="relative"
          _focusVisible={{ outline: '2px solid', outlineColor: 'green.600', outlineOffset: '2px' }}
        >
          <Box
            position="absolute"
            insetStart="0"
            top="0"
            bottom="0"
            w={`${fraction * 100}%`}
            bg="green.600"
            rounded="full"
          />
        </Box>
        <Text fontSize="xs" color="fg.muted" dir="ltr" textAlign="start" data-testid="voice-time">
          {playing || position > 0 ? `${formatDuration(position)} / ${formatDuration(total)}` : formatDuration(total)}
        </Text>
      </Box>
    </HStack>
  );
}
