/**
 * Order pushes in the query cache (a real QueryClient): a new order or a changed status that lands while
 * the page holding it is being refetched is applied again on that request's older answer (no request
 * repeated), and never over a later copy.
 */
import type { Order, Paged } from '@agrivet/shared';
import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@test/render';
import { orderKeys } from '@/api/keys';
import { addStoreOrder, applyOrder } from '@/api/orders';

const order = (id: number, status = 0, at = '2026-11-28T10:00:00.000Z') =>
  ({ id, status, updated_at: at }) as unknown as Order;
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
  /** Refetches the page, runs `push` while that request is under way, then answers it with `answer`. */
  const pushDuringRefetch = async (push: () => void, answer: Paged<Order>) => {
    void client.refetchQueries({ queryKey: key });
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    push();
    answers[0](answer);
    await settled();
  };
  return { client, answers, off, held, pushDuringRefetch };
}

describe('order pushes during a refetch', () => {
  it('a new order stays on top when the page answers without it', async () => {
    const { client, answers, off, held, pushDuringRefetch } = heldPage();
    try {
      await pushDuringRefetch(() => addStoreOrder(client, order(2)), page([order(1)]));
      await vi.waitFor(() => expect(held().data.map((o) => o.id)).toEqual([2, 1]));
      expect(held().total).toBe(2);
      expect(answers).toHaveLength(1);
    } finally {
      off();
    }
  });

  it('a changed status is not set back by the older answer', async () => {
    const { client, answers, off, held, pushDuringRefetch } = heldPage();
    try {
      await pushDuringRefetch(
        () => {
          applyOrder(client, order(1, 1, '2026-11-28T10:05:00.000Z'));
          expect(held().data[0].status).toBe(1);
        },
        page([order(1, 0)]),
      );
      await vi.waitFor(() => expect(held().data[0].status).toBe(1));
      expect(answers).toHaveLength(1);
    } finally {
      off();
    }
  });

  it('an answer holding a later copy of the order keeps it', async () => {
    const { client, off, held, pushDuringRefetch } = heldPage();
    try {
      await pushDuringRefetch(
        () => applyOrder(client, order(1, 1, '2026-11-28T10:05:00.000Z')),
        page([order(1, 2, '2026-11-28T10:06:00.000Z')]),
      );
      await new Promise((r) => setTimeout(r, 10));
      expect(held().data[0].status).toBe(2);
    } finally {
      off();
    }
  });
});
