/** A short two-tone beep through Web Audio for a new order (no audio file to download). */
let context: AudioContext | null = null;

export function beep(): void {
  const Ctor = typeof window !== 'undefined' ? window.AudioContext : undefined;
  if (!Ctor) return;
  try {
    context ??= new Ctor();
    const ctx = context;
    if (ctx.state === 'suspended') void ctx.resume();
    const gain = ctx.createGain();
    gain.connect(ctx.destination);
    gain.gain.setValueAtTime(0.0001, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.2, ctx.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.35);
    [880, 1320].forEach((frequency, i) => {
      const osc = ctx.createOscillator();
      osc.type = 'sine';
      osc.frequency.value = frequency;
      osc.connect(gain);
      osc.start(ctx.currentTime + i * 0.15);
      osc.stop(ctx.currentTime + i * 0.15 + 0.15);
    });
  } catch {
    // audio blocked (no user gesture yet): the badge still shows the order
  }
}
