/**
 * A new order arriving live (order:new): the beep, and its setting (kept in localStorage so "off"
 * survives reloads). The badge on "الطلبات" counts the orders waiting for the store, from the server
 * (api/orders.ts `useWaitingOrders`).
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
  soundOn: boolean;
  /** A new order arrived: beep when the sound is on. */
  arrived: () => void;
  setSound: (on: boolean) => void;
}

export const useOrderAlerts = create<OrderAlertsState>((set, get) => ({
  soundOn: readSound(),
  arrived: () => {
    if (get().soundOn) beep();
  },
  setSound: (on) => {
    try {
      localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
    } catch {
      // private mode: the choice lasts for this page only
    }
    set({ soundOn: on });
  },
}));
