/** The store's orders (admin: all) and one order; status changes go through the relay (order:update). */
import { apiPaths, type Order, type Paged } from '@agrivet/shared';
import { apiGet } from '../../../lib/api-client';

export const getStoreOrders = (page: number, signal?: AbortSignal) =>
  apiGet<Paged<Order>>(apiPaths.order.getAllByStore, { page_number: page }, signal);

export const getOrder = (id: number, signal?: AbortSignal) => apiGet<Order>(apiPaths.order.get(id), undefined, signal);
