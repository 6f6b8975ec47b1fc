/**
 * Order changes the farmer has not looked at yet: the top bar's "طلباتي" shows their count; opening
 * /myorders clears it. features/orders/lib/status-alerts.ts fills it from the `order:status` pushes
 * heard live and, each time the live connection comes up, from the changes made while the farmer was
 * away (compared with the states this browser last told them about).
 *
 * Both are kept in localStorage per account (`agrivet:orders:{userId}`), so a reload or a closed tab
 * keeps the badge and the next visit knows what changed meanwhile.
 */
import type { Order } from '@agrivet/shared';
import { create } from 'zustand';

/** An order's state as the farmer sees it: its status and, while in progress, its stage. */
const orderState = (order: Pick<Order, 'status' | 'stage'>): string => `${order.status}:${order.stage}`;

/** What is remembered of an order: its state and when it took it (a stale answer cannot undo a push). */
const knownOf = (order: Pick<Order, 'status' | 'stage' | 'updated_at'>) => `${orderState(order)}@${order.updated_at}`;

/**
 * Whether `order` moved since the state remembered for it (`undefined`: nothing remembered, not news).
 * Only a later change counts: an answer fetched before a push that came with a newer state does not.
 */
export function movedSince(known: string | undefined, order: Pick<Order, 'status' | 'stage' | 'updated_at'>): boolean {
  if (known === undefined) return false;
  const { state, when } = parseKnown(known);
  return state !== orderState(order) && order.updated_at > when;
}

const parseKnown = (known: string) => {
  const at = known.indexOf('@');
  return at < 0 ? { state: known, when: '' } : { state: known.slice(0, at), when: known.slice(at + 1) };
};

/** How many orders' states are remembered (the newest ids): more than one page of /myorders. */
export const KNOWN_ORDERS_CAP = 50;

interface Saved {
  /** order id → `{orderState}@{updated_at}` the farmer was last told about (a toast, a push, their own order). */
  known: Record<string, string>;
  changed: number[];
}

interface OrderUpdatesState {
  /** The signed-in account whose updates these are (null: signed out, nothing saved). */
  userId: number | null;
  /** Ids of the orders whose status changed since /myorders was last opened. */
  changed: number[];
  /** The states last told about; null when this browser has none yet for the account (its first visit). */
  known: Record<string, string> | null;
  /** Loads the account's saved states and badge (signing in, a reload). */
  load: (userId: number) => void;
  add: (orderId: number) => void;
  /** Remembers the states the farmer now knows of. */
  remember: (orders: Pick<Order, 'id' | 'status' | 'stage' | 'updated_at'>[]) => void;
  seen: () => void;
  /** Signed out: forget the account's badge in this page (its saved copy stays for its next visit). */
  reset: () => void;
}

const storageKey = (userId: number) => `agrivet:orders:${userId}`;

function read(userId: number): Saved | null {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey(userId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Saved>;
    const known = parsed.known && typeof parsed.known === 'object' ? parsed.known : {};
    const changed = Array.isArray(parsed.changed) ? parsed.changed.filter((id) => Number.isInteger(id)) : [];
    return { known, changed };
  } catch {
    return null;
  }
}

function write(state: OrderUpdatesState): void {
  if (state.userId === null) return;
  try {
    globalThis.localStorage?.setItem(
      storageKey(state.userId),
      JSON.stringify({ known: state.known ?? {}, changed: state.changed } satisfies Saved),
    );
  } catch {
    // storage full or refused: the badge still works for this page
  }
}

export const useOrderUpdates = create<OrderUpdatesState>((set, get) => ({
  userId: null,
  changed: [],
  known: null,
  load: (userId) => {
    if (get().userId === userId) return;
    const saved = read(userId);
    set({ userId, changed: saved?.changed ?? [], known: saved?.known ?? null });
  },
  add: (orderId) => {
    if (get().changed.includes(orderId)) return;
    set({ changed: [...get().changed, orderId] });
    write(get());
  },
  remember: (orders) => {
    const known = { ...(get().known ?? {}) };
    for (const order of orders) {
      const before = known[order.id];
      // never back to an older state than one already remembered
      if (before === undefined || parseKnown(before).when <= order.updated_at) known[order.id] = knownOf(order);
    }
    const ids = Object.keys(known)
      .map(Number)
      .sort((a, b) => b - a);
    for (const id of ids.slice(KNOWN_ORDERS_CAP)) delete known[id];
    set({ known });
    write(get());
  },
  seen: () => {
    if (get().changed.length === 0) return;
    set({ changed: [] });
    write(get());
  },
  reset: () => set({ userId: null, changed: [], known: null }),
}));
