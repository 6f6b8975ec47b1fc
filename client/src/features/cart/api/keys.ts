/** Query keys of the cart's checks (the current product prices and the store): public, memory only. */
import { scope } from '@/lib/query-client';

export const cartKeys = {
  product: (id: number) => [scope.public, 'cart', 'product', id] as const,
  store: (id: number) => [scope.public, 'cart', 'store', id] as const,
};
