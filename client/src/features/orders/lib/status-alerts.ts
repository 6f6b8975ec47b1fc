/**
 * Order status everywhere (issue 14 item 6): while a farmer is signed in, each `order:status` push for
 * one of their orders updates the cached order pages, shows a toast naming the order and its new
 * state, and — unless /myorders is on screen — marks it for the badge on "طلباتي"
 * (stores/order-updates.ts). Started by app/signed-in-effects.tsx (not in the first load).
 *
 * A push sent while the farmer was away (offline, the tab closed, the connection still coming up) is
 * not sent again: each time the live connection comes up, the newest page of their orders is compared
 * with the states this browser last told them about, and each order that moved meanwhile gets the
 * same toast and badge. A browser with nothing saved yet for the account only remembers (no toasts
 * for the history of a first visit). The buyer's own cancel is neither toasted nor counted.
 */
import { type Order, orderStageLabels, orderStatusLabels } from '@agrivet/shared';
import type { QueryClient } from '@tanstack/react-query';
import { notify } from '@/components/ui/toaster';
import { orderCardsToldElsewhere } from '@/lib/order-card-toasts';
import { paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { currentLang, i18n } from '@/i18n';
import { movedSince, useOrderUpdates } from '@/stores/order-updates';
import { onConnected, onOutboxResult, onRealtime } from '@/stores/realtime';
import { applyOrder, myOrdersQueryOptions } from '@/api/orders';

/** The state a toast names: the stage while in progress, else completed, rejected or cancelled. */
export function orderStateLabel(order: Pick<Order, 'status' | 'stage' | 'cancelled_by'>): string {
  const lang = currentLang();
  if (order.status === 0) return orderStageLabels[lang][order.stage];
  if (order.status === 2 && order.cancelled_by === 'buyer') return i18n.t('tracker.cancelled');
  return orderStatusLabels[lang][order.status];
}

/** Runs `task` once the page has a moment (after the screen being opened has drawn). */
const whenIdle = (task: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 0);
  return () => clearTimeout(handle);
};

export function watchOrderStatus(
  queryClient: QueryClient,
  userId: number,
  currentPath: () => string = () => globalThis.location?.pathname ?? '',
): () => void {
  const updates = useOrderUpdates.getState;
  updates().load(userId);

  const tell = (order: Order) => {
    // The buyer's own cancel (here or on another device) is not news to them.
    if (!(order.status === 2 && order.cancelled_by === 'buyer')) {
      const elsewhere = currentPath() !== paths.myOrders.getHref();
      if (elsewhere) updates().add(order.id);
      notify.info(i18n.t('reviews.statusChanged', { id: order.id, status: orderStateLabel(order) }), {
        action: `order-status-${order.id}`,
        // away from «طلباتي», the toast leads there
        button: elsewhere
          ? { label: i18n.t('nav.myOrders'), onClick: () => navigateTo(paths.myOrders.getHref()) }
          : undefined,
      });
    }
    updates().remember([order]);
  };

  const offPush = onRealtime('order:status', ({ order }) => {
    // Store accounts and the admin hear their stores' orders too: only the buyer is told here.
    if (order.user_id !== userId) return;
    applyOrder(queryClient, order);
    tell(order);
  });

  // An order placed from this browser: its first state is known (a later change is news).
  const offPlaced = onOutboxResult((_clientId, outcome, { event, result }) => {
    const order = result as Order | undefined;
    if (event === 'order:create' && outcome === 'sent' && order?.user_id === userId) updates().remember([order]);
  });

  // The order's card in the chat (the store's message) is this toast already: no second one for it.
  const offCards = orderCardsToldElsewhere((_card, c, me) => me === userId && c.sender.id === userId);

  let stopped = false;
  let cancelIdle: (() => void) | null = null;
  const catchUp = async () => {
    let orders: Order[];
    try {
      orders = (await queryClient.fetchQuery({ ...myOrdersQueryOptions(1), staleTime: 0 })).data;
    } catch {
      return; // the next connection tries again
    }
    if (stopped || updates().userId !== userId) return;
    const known = updates().known;
    if (known === null) {
      updates().remember(orders);
      return;
    }
    const moved = orders.filter((o) => o.user_id === userId && movedSince(known[o.id], o));
    // Oldest first, so the newest order's toast ends on top.
    for (const order of moved.reverse()) tell(order);
    updates().remember(orders);
  };
  const offConnected = onConnected(() => {
    cancelIdle?.();
    cancelIdle = whenIdle(() => void catchUp());
  });

  return () => {
    stopped = true;
    cancelIdle?.();
    offPush();
    offPlaced();
    offCards();
    offConnected();
  };
}
