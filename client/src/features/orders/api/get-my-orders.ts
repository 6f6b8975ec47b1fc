import { apiPaths, type Order, type Paged } from '@agrivet/shared';
import { apiGet } from '../../../lib/api-client';

/** GET order/getAll-byUser?page_number → the caller's own orders. */
export const getMyOrders = (page: number, signal?: AbortSignal): Promise<Paged<Order>> =>
  apiGet<Paged<Order>>(apiPaths.order.getAllByUser, { page_number: page }, signal);
