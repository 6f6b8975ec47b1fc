/**
 * The optional sound for a new message (issue 21): off by default, switched on in the dashboard's
 * chats screen, kept per browser in localStorage. It plays with the message toast (lib/message-alerts.ts),
 * on every screen.
 */
import { create } from 'zustand';
import { playTones } from '@/lib/audio';

export const MESSAGE_SOUND_KEY = 'chat:message-sound';

function readSaved(): boolean {
  try {
    return localStorage.getItem(MESSAGE_SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

interface MessageSoundState {
  on: boolean;
  setOn: (on: boolean) => void;
}

export const useMessageSound = create<MessageSoundState>((set) => ({
  on: readSaved(),
  setOn: (on) => {
    try {
      localStorage.setItem(MESSAGE_SOUND_KEY, on ? 'on' : 'off');
    } catch {
      // private mode: the choice lasts for this page only
    }
    set({ on });
  },
}));

/** A soft falling chime (unlike the order's rising beep), when the sound is on. */
export function chimeForMessage(): boolean {
  if (!useMessageSound.getState().on) return false;
  playTones([988, 740], 0.12, 0.15);
  return true;
}
