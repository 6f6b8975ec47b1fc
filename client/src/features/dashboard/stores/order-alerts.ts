/**
 * New orders that arrived live (order:new) since the store account last opened its order list: the
 * side bar badge, and the beep setting (kept in localStorage so "off" survives reloads).
 */
import { create } from 'zustand';
import { beep } from '@/features/dashboard/lib/beep';

const SOUND_KEY = 'dashboard:order-sound';

function readSound(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
}

interface OrderAlertsState {
  unseen: number;
  soundOn: boolean;
  /** A new order arrived: count it and beep when the sound is on. */
  arrived: () => void;
  /** The order list is on screen. */
  markSeen: () => void;
  setSound: (on: boolean) => void;
}

export const useOrderAlerts = create<OrderAlertsState>((set, get) => ({
  unseen: 0,
  soundOn: readSound(),
  arrived: () => {
    set((s) => ({ unseen: s.unseen + 1 }));
    if (get().soundOn) beep();
  },
  markSeen: () => set({ unseen: 0 }),
  setSound: (on) => {
    try {
      localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
    } catch {
      // private mode: the choice lasts for this page only
    }
    set({ soundOn: on });
  },
}));
