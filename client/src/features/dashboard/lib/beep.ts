/**
 * A short two-tone beep for a new order (lib/audio.ts: one AudioContext for every sound, unlocked on
 * the first tap or key press).
 */
import { playTones } from '@/lib/audio';

export { resetAudioForTests, unlockAudioOnGesture } from '@/lib/audio';

export function beep(): void {
  playTones([880, 1320], 0.15, 0.2);
}
