/**
 * The REST calls moved out of the features into their resource modules (issue 20): each endpoint has
 * one function and one key in client/src/api/<resource>.ts — conversation/create (the /chat/store page),
 * conversation/delete (admin), store/update with the hours, product/getAll for the inbox's product
 * card, message/create with a product card, and order:create through the outbox.
 */
import { apiPaths, type Message, type Store } from '@agrivet/shared';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversationKeys, deleteConversation, startConversationQueryOptions } from '@/api/conversations';
import { productKeys } from '@/api/keys';
import { sendProductCard } from '@/api/messages';
import { placeOrder } from '@/api/orders';
import { productPickerQueryOptions } from '@/api/products';
import { saveStoreHours } from '@/api/stores';
import { useRealtime } from '@/stores/realtime';

const apiGet = vi.fn();
const apiPost = vi.fn();
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  apiGet: (...a: unknown[]) => apiGet(...a),
  apiPost: (...a: unknown[]) => apiPost(...a),
}));

let client: QueryClient;
beforeEach(() => {
  apiGet.mockReset();
  apiPost.mockReset();
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => client.clear());

describe('conversations', () => {
  it('the /chat/store page starts a conversation once under its own key, outside the conversation lists', async () => {
    apiPost.mockResolvedValue({ id: 12 });
    const options = startConversationQueryOptions(5);
    expect(options.queryKey).toEqual(conversationKeys.start(5));
    expect(options.queryKey.slice(0, 2)).not.toEqual(conversationKeys.all);
    const observer = new QueryObserver(client, options);
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ id: 12 }));
    stop();
    expect(apiPost).toHaveBeenCalledTimes(1);
    expect(apiPost).toHaveBeenCalledWith(apiPaths.conversation.create, { store_id: 5 });
    // a store id that cannot be one asks nothing
    expect(startConversationQueryOptions(0).enabled).toBe(false);
  });

  it('the admin deletes a conversation with POST conversation/delete/{id}', async () => {
    apiPost.mockResolvedValue({ id: 3 });
    await expect(deleteConversation(3)).resolves.toEqual({ id: 3 });
    expect(apiPost).toHaveBeenCalledWith(apiPaths.conversation.delete(3), {});
  });
});

describe('stores, products, messages', () => {
  it('the hours and away message go alone to store/update/{id}', async () => {
    const saved = { id: 4, hours: [{ day: 0, open: '08:00', close: '17:00' }], away_message: null } as Store;
    apiPost.mockResolvedValue(saved);
    await expect(saveStoreHours({ id: 4, hours: saved.hours ?? [], away_message: null })).resolves.toBe(saved);
    expect(apiPost).toHaveBeenCalledWith(apiPaths.store.update(4), { hours: saved.hours, away_message: null });
  });

  it('the inbox’s product picker is under the product lists’ key, so a product saved elsewhere refreshes it', async () => {
    apiGet.mockResolvedValue({ data: [], total: 0 });
    const options = productPickerQueryOptions(9);
    expect(options.queryKey.slice(0, productKeys.lists().length)).toEqual([...productKeys.lists()]);
    await client.fetchQuery(options);
    expect(apiGet).toHaveBeenCalledWith(apiPaths.product.getAll, { store_id: 9, per_page: 50 }, expect.anything());
  });

  it('a product card is message/create with product_id and a client_id', async () => {
    apiPost.mockResolvedValue({ id: 1 } as Message);
    await sendProductCard(7, 21);
    expect(apiPost).toHaveBeenCalledWith(apiPaths.message.create, {
      conversation_id: 7,
      product_id: 21,
      client_id: expect.stringMatching(/^card-7-21-\d+$/),
    });
  });
});

describe('orders', () => {
  it('an order goes through the outbox (order:create) with the cart’s total and the trimmed delivery', () => {
    const write = vi.fn(() => ({ client_id: 'c-1', result: new Promise(() => {}) }));
    const original = useRealtime.getState().write;
    useRealtime.setState({ write: write as unknown as typeof original });
    try {
      placeOrder(
        3,
        [
          { product_id: 1, quantity: 2, name: 'بذار', price_cents: 250 },
          { product_id: 2, quantity: 1, name: 'سماد', price_cents: 1000 },
        ],
        { province: 1, address: ' دمشق ', phone: ' 0944000111 ', note: '  ' },
      );
      expect(write).toHaveBeenCalledWith('order:create', {
        store_id: 3,
        total: '15.00',
        items: [
          { product_id: 1, quantity: 2 },
          { product_id: 2, quantity: 1 },
        ],
        delivery: { province: 1, address: 'دمشق', phone: '0944000111' },
      });
    } finally {
      useRealtime.setState({ write: original });
    }
  });
});
