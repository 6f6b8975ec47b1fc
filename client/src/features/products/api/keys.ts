/** Query keys of a store's product page (public catalogue: saved for offline visits, see lib/query-client.ts). */
import { scope } from '../../../lib/query-client';

export const productKeys = {
  all: [scope.catalogue, 'store-products'] as const,
  page: (storeId: number, page: number) => [scope.catalogue, 'store-products', storeId, page] as const,
  reviews: (storeId: number, page: number) => [scope.catalogue, 'store-reviews', storeId, page] as const,
};
