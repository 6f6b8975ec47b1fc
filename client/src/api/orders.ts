/**
 * order/*: the buyer's own orders (getAll-byUser), the store's (getAll-byStore), one order, and the
 * buyer's rating. Placing an order and changing its status go through the realtime outbox. A changed
 * order (a push, an answer) is put in every page and detail held with `applyOrder`.
 */
import { apiPaths, type CartItem, formatCents, type Order, type OrderStage, type Paged } from '@agrivet/shared';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { orderKeys, statsKeys, storeKeys } from '@/api/keys';
import { listTotalQueryOptions } from '@/api/list-total';
import { apiGet, apiPost } from '@/lib/api-client';
import { applyPushed, refetchFresh } from '@/lib/query-client';
import { cartTotalCents } from '@/stores/cart';
import { useRealtime } from '@/stores/realtime';

export { orderKeys };

/** GET order/getAll-byUser?page_number → the caller's own orders, newest first. */
export const getMyOrders = (page: number, signal?: AbortSignal): Promise<Paged<Order>> =>
  apiGet<Paged<Order>>(apiPaths.order.getAllByUser, { page_number: page }, signal);

export const myOrdersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: orderKeys.minePage(page),
    queryFn: ({ signal }) => getMyOrders(page, signal),
    placeholderData: keepPreviousData,
    // The realtime connection coming back refetches them (the route), with what was missed meanwhile.
    refetchOnReconnect: false,
  });

export const useMyOrders = (page: number) => useQuery(myOrdersQueryOptions(page));

/** The store's list filtered by stage (in progress) or by how it closed (CONTRACT.md §8). */
export type OrderFilter = 'all' | 'new' | 'accepted' | 'out_for_delivery' | 'completed' | 'rejected';
export const ORDER_FILTERS: OrderFilter[] = ['all', 'new', 'accepted', 'out_for_delivery', 'completed', 'rejected'];

const filterParams = (filter: OrderFilter) =>
  filter === 'all'
    ? {}
    : filter === 'completed'
      ? { status: 1 }
      : filter === 'rejected'
        ? { status: 2 }
        : { stage: filter };

/** GET order/getAll-byStore?page_number: the store's orders (admin: all), newest first. */
export const getStoreOrders = (page: number, signal?: AbortSignal, filter: OrderFilter = 'all') =>
  apiGet<Paged<Order>>(apiPaths.order.getAllByStore, { page_number: page, ...filterParams(filter) }, signal);

export const storeOrdersQueryOptions = (page: number, filter: OrderFilter = 'all') =>
  queryOptions({
    // the unfiltered list keeps its key: live orders go on top of its first page (addStoreOrder)
    queryKey: filter === 'all' ? orderKeys.storePage(page) : [...orderKeys.storePage(page), filter],
    queryFn: ({ signal }) => getStoreOrders(page, signal, filter),
    placeholderData: keepPreviousData,
    // The realtime connection coming back refetches them (features/dashboard/lib/use-live-orders.ts).
    refetchOnReconnect: false,
  });

export const useStoreOrders = (page: number, filter: OrderFilter = 'all') =>
  useQuery(storeOrdersQueryOptions(page, filter));

/** GET order/getAll-byStore?user_id: one customer's orders with the store (the inbox's customer panel). */
export const customerOrdersQueryOptions = (userId: number, perPage = 10) =>
  queryOptions({
    queryKey: [...orderKeys.store(), 'customer', userId, perPage],
    queryFn: ({ signal }) =>
      apiGet<Paged<Order>>(apiPaths.order.getAllByStore, { user_id: userId, per_page: perPage }, signal),
    staleTime: 30_000,
  });

/** GET order/get/{id}: its buyer, its store, the admin. */
export const getOrder = (id: number, signal?: AbortSignal) => apiGet<Order>(apiPaths.order.get(id), undefined, signal);

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    refetchOnReconnect: false,
  });

/** `null`: no order named (the screen says so). */
export const useOrder = (id: number | null) =>
  useQuery(id === null ? { queryKey: orderKeys.detail(0), queryFn: skipToken } : orderQueryOptions(id));

/**
 * A changed order (order:status, an answer): every page and the detail holding it get the new copy —
 * unless they hold a later one — now and again after a request for them under way (lib/query-client.ts).
 */
export function applyOrder(queryClient: QueryClient, order: Order): void {
  const later = (held: Order) => Date.parse(held.updated_at) > Date.parse(order.updated_at);
  applyPushed(queryClient, [orderKeys.all], () => {
    queryClient.setQueriesData<Paged<Order>>({ queryKey: orderKeys.all }, (page) =>
      page && Array.isArray(page.data) && page.data.some((o) => o.id === order.id && !later(o))
        ? { ...page, data: page.data.map((o) => (o.id === order.id ? order : o)) }
        : page,
    );
    const detail = queryClient.getQueryData<Order>(orderKeys.detail(order.id));
    if (detail !== undefined && !later(detail)) queryClient.setQueryData(orderKeys.detail(order.id), order);
  });
  void queryClient.invalidateQueries({ queryKey: statsKeys.all });
  refetchFresh(queryClient, waitingOrdersKey);
}

/** A new order for the store (order:new): on top of its first page (once), counted in the total. */
export function addStoreOrder(queryClient: QueryClient, order: Order): void {
  applyPushed(queryClient, [orderKeys.storePage(1)], () =>
    queryClient.setQueryData<Paged<Order>>(orderKeys.storePage(1), (page) =>
      page && !page.data.some((o) => o.id === order.id)
        ? { ...page, data: [order, ...page.data], total: page.total + 1 }
        : page,
    ),
  );
  void queryClient.invalidateQueries({ queryKey: statsKeys.all });
  refetchFresh(queryClient, waitingOrdersKey);
}

const waitingOrdersKey = [...orderKeys.store(), 'waiting'] as const;

/**
 * How many of the store's orders wait for it: new, neither accepted nor rejected yet (order/getAll-byStore
 * ?stage=new, its `total`). The dashboard's badge on "الطلبات": asked when the dashboard opens and after
 * each order push, so orders placed while the store was away count too; it goes as the store answers them.
 */
export const waitingOrdersQueryOptions = (enabled: boolean) =>
  // the dashboard refetches every order query when the live connection comes up (use-live-orders.ts)
  listTotalQueryOptions(waitingOrdersKey, apiPaths.order.getAllByStore, { stage: 'new' }, enabled);

export const useWaitingOrders = (enabled: boolean): number => useQuery(waitingOrdersQueryOptions(enabled)).data ?? 0;

export interface RateInput {
  orderId: number;
  rating: number;
  comment?: string | null;
}

/** POST order/rate/{id} {rating, comment?}: the buyer rates a completed order; again edits it (CONTRACT.md §7). */
export const rateOrder = ({ orderId, rating, comment }: RateInput): Promise<Order> =>
  apiPost<Order>(apiPaths.order.rate(orderId), { rating, ...(comment ? { comment } : {}) });

/** Rates, and puts the answered order (with its `review`) in the order pages held. */
export function useRateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateOrder,
    onSuccess: (order) => {
      applyOrder(queryClient, order);
      void queryClient.invalidateQueries({ queryKey: storeKeys.allReviews });
    },
  });
}

/** The caller's newest orders (page 1): whether an order queued before a reload has arrived. */
export const getRecentOrders = async (): Promise<Order[]> => (await getMyOrders(1)).data;

/* order/update/{id} and order/cancel/{id} (CONTRACT.md §8): the store moves an order through its stages
 * (new → accepted with an optional eta → out_for_delivery) and closes it; the buyer cancels while it is
 * new. Each answers the order as it is now. */

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

/**
 * The tracker's steps, each done, current or to come; a closed order ends in completed (every step done:
 * a delivered order has nothing in progress) or rejected (the current, last step: the steps it never
 * reached are left out).
 */
export type TrackerStep = 'new' | 'accepted' | 'out_for_delivery' | 'completed' | 'rejected';
export function trackerSteps(
  order: Pick<Order, 'status' | 'stage'>,
): { step: TrackerStep; state: 'done' | 'current' | 'todo' }[] {
  const flow: TrackerStep[] = ['new', 'accepted', 'out_for_delivery', order.status === 2 ? 'rejected' : 'completed'];
  const at = order.status === 0 ? flow.indexOf(order.stage) : order.status === 1 ? flow.length : 3;
  return flow
    .filter((step) => !(order.status === 2 && step !== 'rejected' && flow.indexOf(step) > flow.indexOf(order.stage)))
    .map((step) => {
      const i = flow.indexOf(step);
      return { step, state: i < at ? 'done' : i === at ? 'current' : 'todo' };
    });
}

export interface DeliveryInput {
  province: number;
  address: string;
  phone: string;
  note?: string | null;
}

/**
 * Places a store's cart as an order through the realtime client's `order:create` (CONTRACT.md §4, §7):
 * queued in the outbox while offline and sent with its client_id when the connection returns. The
 * delivery details (province, address, phone, optional note) go with it.
 */
export function placeOrder(storeId: number, items: readonly CartItem[], delivery: DeliveryInput) {
  const note = delivery.note?.trim();
  return useRealtime.getState().write('order:create', {
    store_id: storeId,
    total: formatCents(cartTotalCents(items)),
    items: items.map((i) => ({ product_id: i.product_id, quantity: i.quantity })),
    delivery: {
      province: delivery.province,
      address: delivery.address.trim(),
      phone: delivery.phone.trim(),
      ...(note ? { note } : {}),
    },
  });
}
