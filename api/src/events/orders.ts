/**
 * What a committed order change pushes, and to whom (CONTRACT.md §4): a new order (not a replayed
 * client_id) to its store's room and the admin; a change by order/update to the buyer, the store and
 * the admin.
 */
import { type ApiEvent, type Order, rooms } from '@agrivet/shared';

export const orderCreated = (order: Order): ApiEvent => ({
  event: 'order:new',
  rooms: [rooms.store(order.store_id), rooms.admin],
  payload: { order },
});

export const orderChanged = (order: Order): ApiEvent => ({
  event: 'order:status',
  rooms: [rooms.user(order.user_id), rooms.store(order.store_id), rooms.admin],
  payload: { order },
});
