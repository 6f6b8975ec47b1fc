/**
 * Before ordering, each cart line is checked against the store's current product (product/get/{id},
 * fetched when the cart page opens): deleted (404, or no longer this store's) or priced differently
 * from when it was added. Flagged lines must be removed or their new price accepted before ordering.
 */
import type { CartItem, Product } from '@agrivet/shared';
import { useQueries } from '@tanstack/react-query';
import { hasErrorCode } from '@/lib/api-error';
import { freshProductQueryOptions } from '@/api/products';

export type LineCheck =
  | { state: 'checking' }
  | { state: 'ok' }
  /** Could not be checked (offline, server failure): the server re-prices anyway. */
  | { state: 'unknown' }
  | { state: 'deleted' }
  | { state: 'price-changed'; price_cents: number };

/** The verdict for one line from the product's answer (or its failure). */
export function checkLine(
  item: CartItem,
  storeId: number,
  product: Pick<Product, 'store_id' | 'price_cents'> | undefined,
  error: unknown,
): LineCheck {
  if (product) {
    if (product.store_id !== storeId) return { state: 'deleted' };
    return product.price_cents === item.price_cents
      ? { state: 'ok' }
      : { state: 'price-changed', price_cents: product.price_cents };
  }
  if (error) return hasErrorCode(error, 'not_found') ? { state: 'deleted' } : { state: 'unknown' };
  return { state: 'checking' };
}

/** The check of every line (same order as `items`). */
export function useLineChecks(storeId: number, items: readonly CartItem[]): LineCheck[] {
  return useQueries({
    queries: items.map((i) => ({ ...freshProductQueryOptions(i.product_id), retry: false })),
    combine: (results) =>
      results.map((r, n) => {
        const item = items[n];
        return item ? checkLine(item, storeId, r.data, r.error) : { state: 'checking' as const };
      }),
  });
}

/** Whether the flags keep the cart from being ordered. */
export const blocksOrder = (checks: readonly LineCheck[]): boolean =>
  checks.some((c) => c.state === 'deleted' || c.state === 'price-changed');
