/**
 * Voice notes: tap the microphone to record (tap the send button to stop and send, the bin to
 * cancel), or hold it and release to send, sliding away (either side) to cancel. The elapsed time
 * shows while recording; at 5 minutes it stops and sends by itself. The state machine is
 * lib/recorder.ts.
 */
import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MdDelete, MdMic, MdSend } from 'react-icons/md';
import { notify } from '@/components/ui/toaster';
import { formatDuration, type RecorderSnapshot, VoiceRecorder } from '@/features/chat/lib/recorder';

interface VoiceRecorderProps {
  onRecorded: (blob: Blob, durationMs: number) => void;
  onActiveChange?: (active: boolean) => void;
  disabled?: boolean;
}

/** Held longer than this, releasing sends (hold-to-talk); shorter is a tap that keeps recording. */
const HOLD_MS = 450;
const SLIDE_CANCEL_PX = 90;

export function VoiceRecorderControl({ onRecorded, onActiveChange, disabled }: VoiceRecorderProps) {
  const { t } = useTranslation();
  const [snap, setSnap] = useState<RecorderSnapshot>({ status: 'idle', startedAt: null });
  const [now, setNow] = useState(Date.now());
  const [slide, setSlide] = useState(0);
  const hold = useRef<{ at: number; x: number } | null>(null);
  const handlers = useRef({ onRecorded, onActiveChange });
  handlers.current = { onRecorded, onActiveChange };
  const recorder = useRef<VoiceRecorder | null>(null);
  recorder.current ??= new VoiceRecorder({
    onChange: (s) => {
      setSnap(s);
      handlers.current.onActiveChange?.(s.status !== 'idle');
    },
    onDone: (blob, ms, auto) => {
      if (auto) notify.info(t('thread.maxReached'));
      handlers.current.onRecorded(blob, ms);
    },
    onError: (reason) => notify.error(new Error(t(reason === 'denied' ? 'thread.micDenied' : 'thread.micUnsupported'))),
  });
  useEffect(() => () => recorder.current?.dispose(), []);

  const recording = snap.status === 'recording';
  useEffect(() => {
    if (!recording) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [recording]);

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    hold.current = { at: Date.now(), x: e.clientX };
    setSlide(0);
    void recorder.current?.start();
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (!hold.current) return;
    const dx = Math.abs(e.clientX - hold.current.x);
    setSlide(dx);
    if (dx > SLIDE_CANCEL_PX) {
      hold.current = null;
      setSlide(0);
      recorder.current?.cancel();
    }
  };
  const onPointerUp = () => {
    const h = hold.current;
    hold.current = null;
    setSlide(0);
    if (h && Date.now() - h.at >= HOLD_MS) recorder.current?.stop();
  };

  if (snap.status === 'idle') {
    return (
      <IconButton
        type="button"
        colorPalette="green"
        variant="subtle"
        rounded="full"
        aria-label={t('thread.record')}
        disabled={disabled}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        // Keyboard (Enter / Space) has no pointer: a click starts a tap-mode recording.
        onClick={(e) => {
          if (e.detail === 0) void recorder.current?.start();
        }}
        style={{ touchAction: 'none' }}
      >
        <MdMic />
      </IconButton>
    );
  }

  const elapsed = snap.startedAt ? now - snap.startedAt : 0;
  return (
    <HStack
      flex="1"
      gap="2"
      role="group"
      aria-label={t('thread.recording')}
      onPointerMove={(e) => {
        if (hold.current) onPointerMove(e as unknown as PointerEvent<HTMLButtonElement>);
      }}
      onPointerUp={onPointerUp}
    >
      <IconButton
        type="button"
        variant="ghost"
        colorPalette="red"
        aria-label={t('thread.cancelRecording')}
        onClick={() => recorder.current?.cancel()}
      >
        <MdDelete />
      </IconButton>
      <HStack flex="1" gap="2" minW="0" opacity={1 - Math.min(slide / SLIDE_CANCEL_PX, 0.7)}>
        <Box
          w="3"
          h="3"
          rounded="full"
          bg="red.500"
          flexShrink={0}
          animation={recording ? 'pulse 1s ease-in-out infinite' : undefined}
          aria-hidden
        />
        <Text fontVariantNumeric="tabular-nums" dir="ltr" role="timer" aria-live="off" data-testid="record-elapsed">
          {formatDuration(elapsed)}
        </Text>
        <Text fontSize="sm" color="fg.muted" truncate>
          {hold.current ? t('thread.slideToCancel') : t('thread.recording')}
        </Text>
      </HStack>
      <IconButton
        type="button"
        colorPalette="green"
        rounded="full"
        aria-label={t('thread.stopAndSend')}
        disabled={!recording}
        onClick={() => recorder.current?.stop()}
      >
        <MdSend className="icon-flip-rtl" />
      </IconButton>
    </HStack>
  );
}
