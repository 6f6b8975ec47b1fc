/**
 * Order status changes the farmer has not looked at yet (the `order:status` pushes heard while signed
 * in, features/orders/lib/status-alerts.ts): the top bar's "طلباتي" shows their count; opening
 * /myorders clears it. Kept for this tab's session only.
 */
import { create } from 'zustand';

interface OrderUpdatesState {
  /** Ids of the orders whose status changed since /myorders was last opened. */
  changed: number[];
  add: (orderId: number) => void;
  seen: () => void;
}

export const useOrderUpdates = create<OrderUpdatesState>((set, get) => ({
  changed: [],
  add: (orderId) => {
    if (!get().changed.includes(orderId)) set({ changed: [...get().changed, orderId] });
  },
  seen: () => {
    if (get().changed.length > 0) set({ changed: [] });
  },
}));
