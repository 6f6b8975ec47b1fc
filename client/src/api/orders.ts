/**
 * order/update/{id} and order/cancel/{id} (CONTRACT.md §8): the store moves an order through its
 * stages (new → accepted with an optional eta → out_for_delivery) and closes it (completed, or
 * rejected with a reason); the buyer cancels while it is new. Each answers the order as it is now;
 * the relay also pushes `order:status` and the order card (`message:new`).
 */
import { apiPaths, type Order, type OrderStage } from '@agrivet/shared';
import { apiPost } from '@/lib/api-client';

export interface OrderChange {
  status?: 0 | 1 | 2;
  stage?: OrderStage;
  /** YYYY-MM-DD, or null to clear. */
  eta?: string | null;
  /** Required with status 2. */
  reason?: string;
}

export const updateOrder = (id: number, change: OrderChange): Promise<Order> =>
  apiPost<Order>(apiPaths.order.update(id), change);

export const cancelOrder = (id: number, reason?: string): Promise<Order> =>
  apiPost<Order>(apiPaths.order.cancel(id), reason ? { reason } : {});

/** The next stage a store can move an order in progress to, or null at the last one. */
export function nextStage(order: Pick<Order, 'status' | 'stage'>): OrderStage | null {
  if (order.status !== 0) return null;
  if (order.stage === 'new') return 'accepted';
  if (order.stage === 'accepted') return 'out_for_delivery';
  return null;
}

/** The tracker's steps, each done, current or to come; a closed order ends in completed or rejected. */
export type TrackerStep = 'new' | 'accepted' | 'out_for_delivery' | 'completed' | 'rejected';
export function trackerSteps(
  order: Pick<Order, 'status' | 'stage'>,
): { step: TrackerStep; state: 'done' | 'current' | 'todo' }[] {
  const flow: TrackerStep[] = ['new', 'accepted', 'out_for_delivery', order.status === 2 ? 'rejected' : 'completed'];
  const at = order.status === 0 ? flow.indexOf(order.stage) : 3;
  return flow
    .filter((step) => !(order.status === 2 && step !== 'rejected' && flow.indexOf(step) > flow.indexOf(order.stage)))
    .map((step) => {
      const i = flow.indexOf(step);
      return { step, state: i < at ? 'done' : i === at ? 'current' : 'todo' };
    });
}
