/**
 * Short tones through Web Audio (no audio file to download): the dashboard's new-order beep and the
 * optional new-message chime share one AudioContext. Browsers start an AudioContext suspended unless
 * a user gesture created or resumed it, and an order or a message arriving over the relay is no
 * gesture: `unlockAudioOnGesture` creates (or resumes) the context on the first pointerdown or
 * keydown, so the first sound after a reload is heard.
 */
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  const Ctor = typeof window !== 'undefined' ? window.AudioContext : undefined;
  if (!Ctor) return null;
  context ??= new Ctor();
  return context;
}

const GESTURES = ['pointerdown', 'keydown'] as const;

/** Listens for the first gesture to create/resume the audio context; returns the clean-up. */
export function unlockAudioOnGesture(): () => void {
  if (typeof window === 'undefined' || !window.AudioContext) return () => {};
  const stop = () => {
    for (const type of GESTURES) window.removeEventListener(type, unlock, true);
  };
  function unlock() {
    try {
      const ctx = audioContext();
      if (!ctx || ctx.state === 'running') {
        stop();
        return;
      }
      // Resumed inside the gesture; keep listening if the browser still says no.
      void ctx.resume().then(
        () => {
          if (ctx.state === 'running') stop();
        },
        () => {},
      );
    } catch {
      stop();
    }
  }
  for (const type of GESTURES) window.addEventListener(type, unlock, { capture: true, passive: true });
  return stop;
}

/** Plays the tones one after another (`step` seconds each) at `volume`; silent when audio is blocked. */
export function playTones(frequencies: number[], step = 0.15, volume = 0.2): void {
  try {
    const ctx = audioContext();
    if (!ctx) return;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
    const gain = ctx.createGain();
    gain.connect(ctx.destination);
    const length = frequencies.length * step;
    gain.gain.setValueAtTime(0.0001, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(volume, ctx.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + length + 0.05);
    frequencies.forEach((frequency, i) => {
      const osc = ctx.createOscillator();
      osc.type = 'sine';
      osc.frequency.value = frequency;
      osc.connect(gain);
      osc.start(ctx.currentTime + i * step);
      osc.stop(ctx.currentTime + i * step + step);
    });
  } catch {
    // audio blocked (no user gesture yet): the badge and the toast still tell
  }
}

/** For tests: forget the context. */
export function resetAudioForTests(): void {
  context = null;
}
