/**
 * Order pushes in the query cache (a real QueryClient): a new order or a changed status that lands while
 * the page holding it is being refetched is not undone by that request's older answer.
 */
import type { Order, Paged } from '@agrivet/shared';
import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@test/render';
import { orderKeys } from '@/api/keys';
import { addStoreOrder, applyOrder } from '@/api/orders';

const order = (id: number, status = 0) => ({ id, status }) as unknown as Order;
const page = (orders: Order[]): Paged<Order> => ({
  data: orders,
  current_page: 1,
  last_page: 1,
  per_page: 12,
  total: orders.length,
});

/** The store's first page, observed, with every answer of its requests in the test's hands. */
function heldPage() {
  const client = createTestQueryClient();
  const key = orderKeys.storePage(1);
  client.setQueryData(key, page([order(1)]));
  const answers: ((p: Paged<Order>) => void)[] = [];
  const off = new QueryObserver(client, {
    queryKey: key,
    queryFn: () => new Promise<Paged<Order>>((resolve) => answers.push(resolve)),
    staleTime: Number.POSITIVE_INFINITY,
  }).subscribe(() => {});
  const held = () => client.getQueryData<Paged<Order>>(key) as Paged<Order>;
  const settled = () => vi.waitFor(() => expect(client.getQueryState(key)?.fetchStatus).toBe('idle'));
  return { client, key, answers, off, held, settled };
}

describe('order pushes during a refetch', () => {
  it('a new order stays on top when the page answers without it', async () => {
    const { client, key, answers, off, held, settled } = heldPage();
    try {
      void client.refetchQueries({ queryKey: key });
      await vi.waitFor(() => expect(answers).toHaveLength(1));
      addStoreOrder(client, order(2));
      answers[0](page([order(1)]));
      await vi.waitFor(() => expect(answers).toHaveLength(2));
      answers[1](page([order(2), order(1)]));
      await settled();
      expect(held().data.map((o) => o.id)).toEqual([2, 1]);
    } finally {
      off();
    }
  });

  it('a changed status is not set back by the older answer', async () => {
    const { client, key, answers, off, held, settled } = heldPage();
    try {
      void client.refetchQueries({ queryKey: key });
      await vi.waitFor(() => expect(answers).toHaveLength(1));
      applyOrder(client, order(1, 1));
      expect(held().data[0].status).toBe(1);
      answers[0](page([order(1, 0)]));
      await vi.waitFor(() => expect(answers).toHaveLength(2));
      answers[1](page([order(1, 1)]));
      await settled();
      expect(held().data[0].status).toBe(1);
    } finally {
      off();
    }
  });
});
