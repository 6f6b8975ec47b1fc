/**
 * An order's card in the chat comes with the order's own toast where one is shown: the buyer's status
 * toast (features/orders/lib/status-alerts.ts), the dashboard's new order (dashboard-layout.tsx). The
 * screens that show one register which cards they tell, and lib/message-alerts.ts gives those cards'
 * messages no second toast. A module of its own, without imports, so the dashboard's first load does
 * not carry the message alerts.
 */
import type { Conversation, MessageCard } from '@agrivet/shared';

export type OrderCard = Extract<MessageCard, { type: 'order' }>;
/** Whether an order card in conversation `c` is already told by another toast (for the user `userId`). */
export type ToldElsewhere = (card: OrderCard, c: Conversation, userId: number) => boolean;

const toldElsewhere = new Set<ToldElsewhere>();

/** Registers the order cards a screen already toasts (their message gets none); returns the undo. */
export function orderCardsToldElsewhere(told: ToldElsewhere): () => void {
  toldElsewhere.add(told);
  return () => toldElsewhere.delete(told);
}

/** Whether some screen already toasts this order card. */
export const isOrderCardToldElsewhere = (card: OrderCard, c: Conversation, userId: number): boolean =>
  [...toldElsewhere].some((told) => told(card, c, userId));
