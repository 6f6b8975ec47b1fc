import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDuration, pickMimeType, type RecorderSnapshot, VoiceRecorder } from '@/features/chat/lib/recorder';

/** A MediaRecorder stand-in (unit tests only): records "chunks" and stops when told. */
class FakeRecorder {
  static supported = ['audio/webm;codecs=opus'];
  static isTypeSupported = (t: string) => FakeRecorder.supported.includes(t);
  static last: FakeRecorder | null = null;
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    public stream: MediaStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? '';
    FakeRecorder.last = this;
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['opus-bytes'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

function fakeStream() {
  const track = { stop: vi.fn() };
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track };
}

describe('voice recorder state machine', () => {
  let now = 0;
  let states: RecorderSnapshot['status'][] = [];
  let done: { blob: Blob; ms: number; auto: boolean }[] = [];
  let errors: string[] = [];
  const make = (getUserMedia: () => Promise<MediaStream>, maxMs = 300_000) =>
    new VoiceRecorder({
      getUserMedia,
      MediaRecorder: FakeRecorder as unknown as typeof MediaRecorder,
      now: () => now,
      maxMs,
      onChange: (s) => states.push(s.status),
      onDone: (blob, ms, auto) => done.push({ blob, ms, auto }),
      onError: (r) => errors.push(r),
    });

  beforeEach(() => {
    vi.useFakeTimers();
    now = 1_000;
    states = [];
    done = [];
    errors = [];
  });
  afterEach(() => vi.useRealTimers());

  it('records, and stop hands over the recording with its duration and releases the microphone', async () => {
    const { stream, track } = fakeStream();
    const r = make(async () => stream);
    await r.start();
    expect(r.state).toEqual({ status: 'recording', startedAt: 1_000 });
    expect(FakeRecorder.last?.mimeType).toBe('audio/webm;codecs=opus');
    now = 4_200;
    r.stop();
    expect(states).toEqual(['requesting', 'recording', 'idle']);
    expect(done).toHaveLength(1);
    expect(done[0].ms).toBe(3_200);
    expect(done[0].auto).toBe(false);
    expect(done[0].blob.type).toBe('audio/webm;codecs=opus');
    expect(done[0].blob.size).toBeGreaterThan(0);
    expect(track.stop).toHaveBeenCalled();
  });

  it('cancel drops the recording', async () => {
    const { stream, track } = fakeStream();
    const r = make(async () => stream);
    await r.start();
    r.cancel();
    expect(r.state.status).toBe('idle');
    expect(done).toEqual([]);
    expect(track.stop).toHaveBeenCalled();
  });

  it('stops and sends by itself at the maximum length', async () => {
    const { stream } = fakeStream();
    const r = make(async () => stream, 5_000);
    await r.start();
    now += 5_000;
    vi.advanceTimersByTime(5_000);
    expect(r.state.status).toBe('idle');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ ms: 5_000, auto: true });
  });

  it('a refused microphone is reported and leaves it idle; no MediaRecorder is "unsupported"', async () => {
    const r = make(() => Promise.reject(new Error('NotAllowedError')));
    await r.start();
    expect(r.state.status).toBe('idle');
    expect(errors).toEqual(['denied']);
    const none = new VoiceRecorder({
      getUserMedia: async () => fakeStream().stream,
      MediaRecorder: undefined,
      onChange: () => {},
      onDone: () => {},
      onError: (e) => errors.push(e),
    });
    // no global MediaRecorder in jsdom either
    await none.start();
    expect(errors).toEqual(['denied', 'unsupported']);
  });

  it('cancelling while the permission is asked releases the stream that arrives late', async () => {
    const { stream, track } = fakeStream();
    let grant: (s: MediaStream) => void = () => {};
    const r = make(() => new Promise<MediaStream>((resolve) => (grant = resolve)));
    const started = r.start();
    expect(r.state.status).toBe('requesting');
    r.cancel();
    grant(stream);
    await started;
    expect(r.state.status).toBe('idle');
    expect(track.stop).toHaveBeenCalled();
    expect(done).toEqual([]);
  });

  it('picks the first type the browser records and formats durations as m:ss', () => {
    expect(pickMimeType({ isTypeSupported: (t) => t === 'audio/mp4' })).toBe('audio/mp4');
    expect(pickMimeType(undefined)).toBeUndefined();
    expect(formatDuration(3_012)).toBe('0:03');
    expect(formatDuration(300_000)).toBe('5:00');
  });
});
