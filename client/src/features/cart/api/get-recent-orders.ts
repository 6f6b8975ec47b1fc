import { apiPaths, type Order, type Paged } from '@agrivet/shared';

/** GET order/getAll-byUser (page 1, newest first): used to learn whether a queued order arrived. */
export async function getRecentOrders(): Promise<Order[]> {
  const { apiGet } = await import('@/lib/api-client');
  const page = await apiGet<Paged<Order>>(apiPaths.order.getAllByUser, { page_number: 1 });
  return page.data;
}
