/** order:create → POST order/create → `order:new`; order:update → POST order/update/{id} → `order:status`. */
import { apiPaths, type Order, rooms } from '@agrivet/shared';
import { checkOrderCreate, checkOrderUpdate } from '../validate';
import type { Handler } from './on-event';

export const create: Handler = async (payload, ctx) => {
  const checked = checkOrderCreate(payload);
  if (!checked.ok) return checked.error;
  const body = { ...checked.value, user_id: ctx.user.id }; // the API validates the order itself
  const res = await ctx.api.post<Order>(apiPaths.order.create, body, ctx.caller);
  if (res.status === 200 && 'data' in res) {
    const order = res.data;
    ctx.io.to([rooms.store(order.store_id), rooms.admin]).emit('order:new', { order });
  }
  return res;
};

export const update: Handler = async (payload, ctx) => {
  const checked = checkOrderUpdate(payload);
  if (!checked.ok) return checked.error;
  const { order_id, body } = checked.value;
  const res = await ctx.api.post<Order>(apiPaths.order.update(order_id), body, ctx.caller);
  if (res.status === 200 && 'data' in res) {
    const order = res.data;
    ctx.io.to([rooms.user(order.user_id), rooms.store(order.store_id), rooms.admin]).emit('order:status', { order });
  }
  return res;
};
