/**
 * Voice-note recorder: a small state machine over MediaRecorder, independent of React (tested with a
 * fake MediaRecorder). idle → requesting (microphone permission) → recording → idle; `stop()` hands
 * the recording to `onDone`, `cancel()` drops it, and the recording stops by itself at `maxMs`
 * (LIMITS.voiceMaxMs, 5 minutes). The microphone is released whenever it leaves `recording`.
 */
import { LIMITS } from '@agrivet/shared';

export type RecorderStatus = 'idle' | 'requesting' | 'recording';

export interface RecorderSnapshot {
  status: RecorderStatus;
  /** Epoch ms when recording began (status 'recording'). */
  startedAt: number | null;
}

export type RecorderFailure = 'denied' | 'unsupported';

export interface RecorderDeps {
  getUserMedia?: (c: MediaStreamConstraints) => Promise<MediaStream>;
  MediaRecorder?: typeof MediaRecorder;
  now?: () => number;
  maxMs?: number;
  onChange: (s: RecorderSnapshot) => void;
  /** The finished recording; `auto`: it reached maxMs. */
  onDone: (blob: Blob, durationMs: number, auto: boolean) => void;
  onError: (reason: RecorderFailure) => void;
}

/** What the browser records best, in order: Opus in WebM or Ogg (Chromium, Firefox), MP4 (Safari). */
const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm'];

export function pickMimeType(Recorder: Pick<typeof MediaRecorder, 'isTypeSupported'> | undefined): string | undefined {
  if (!Recorder?.isTypeSupported) return undefined;
  return TYPES.find((t) => Recorder.isTypeSupported(t));
}

export class VoiceRecorder {
  private snapshot: RecorderSnapshot = { status: 'idle', startedAt: null };
  private recorder: MediaRecorder | null = null;
  private stream: MediaStream | null = null;
  private chunks: Blob[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** What the current recording ends in: send it, or drop it. */
  private outcome: 'send' | 'auto' | 'cancel' = 'send';
  /** Bumped on every start / cancel, so a late permission answer is ignored. */
  private run = 0;

  constructor(private readonly deps: RecorderDeps) {}

  get state(): RecorderSnapshot {
    return this.snapshot;
  }

  private set(status: RecorderStatus, startedAt: number | null = null): void {
    this.snapshot = { status, startedAt };
    this.deps.onChange(this.snapshot);
  }

  private get now(): number {
    return (this.deps.now ?? Date.now)();
  }

  async start(): Promise<void> {
    if (this.snapshot.status !== 'idle') return;
    const Recorder = this.deps.MediaRecorder ?? (globalThis as { MediaRecorder?: typeof MediaRecorder }).MediaRecorder;
    const getUserMedia =
      this.deps.getUserMedia ??
      (typeof globalThis.navigator?.mediaDevices?.getUserMedia === 'function'
        ? (c: MediaStreamConstraints) => navigator.mediaDevices.getUserMedia(c)
        : undefined);
    if (!Recorder || !getUserMedia) {
      this.deps.onError('unsupported');
      return;
    }
    const run = ++this.run;
    this.set('requesting');
    let stream: MediaStream;
    try {
      stream = await getUserMedia({ audio: true });
    } catch {
      if (run === this.run) {
        this.set('idle');
        this.deps.onError('denied');
      }
      return;
    }
    if (run !== this.run) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    this.stream = stream;
    const mimeType = pickMimeType(Recorder);
    const recorder = new Recorder(stream, mimeType ? { mimeType } : undefined);
    this.recorder = recorder;
    this.chunks = [];
    this.outcome = 'send';
    const startedAt = this.now;
    recorder.ondataavailable = (e: BlobEvent) => {
      if (e.data && e.data.size > 0) this.chunks.push(e.data);
    };
    recorder.onstop = () => {
      const duration = Math.min(this.now - startedAt, this.deps.maxMs ?? LIMITS.voiceMaxMs);
      const outcome = this.outcome;
      const blob = new Blob(this.chunks, { type: recorder.mimeType || mimeType || 'audio/webm' });
      this.release();
      this.set('idle');
      if (outcome !== 'cancel' && blob.size > 0) this.deps.onDone(blob, duration, outcome === 'auto');
    };
    recorder.start(1000);
    this.set('recording', startedAt);
    this.timer = setTimeout(() => this.finish('auto'), this.deps.maxMs ?? LIMITS.voiceMaxMs);
  }

  /** Stop and send. */
  stop(): void {
    this.finish('send');
  }

  /** Stop and drop the recording (also while the permission is being asked). */
  cancel(): void {
    if (this.snapshot.status === 'requesting') {
      this.run++;
      this.set('idle');
      return;
    }
    this.finish('cancel');
  }

  private finish(outcome: 'send' | 'auto' | 'cancel'): void {
    if (this.snapshot.status !== 'recording' || !this.recorder) return;
    this.outcome = outcome;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.recorder.state !== 'inactive') this.recorder.stop();
    else this.recorder.onstop?.(new Event('stop'));
  }

  private release(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
    this.recorder = null;
    this.chunks = [];
  }

  /** Unmount: drop whatever is being recorded. */
  dispose(): void {
    this.run++;
    if (this.snapshot.status === 'recording') this.finish('cancel');
    else this.release();
  }
}

/** m:ss (Western digits, docs/decisions.md "Digits"). */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
