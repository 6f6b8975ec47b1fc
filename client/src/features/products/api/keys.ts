/** Query keys of a store's product page (public catalogue: saved for offline visits, see lib/query-client.ts). */
import { scope } from '@/lib/query-client';

export const productKeys = {
  all: [scope.catalogue, 'store-products'] as const,
  page: (storeId: number, page: number) => [scope.catalogue, 'store-products', storeId, page] as const,
  /** Memory only and checked on every visit: a buyer's new rating shows at once (ETag: cheap when unchanged). */
  reviews: (storeId: number, page: number) => [scope.public, 'store-reviews', storeId, page] as const,
  /** One product (its page, /product/{id}). */
  product: (id: number) => [scope.catalogue, 'product', id] as const,
  /** The store a product page shows (its hours, reply time, the viewer's conversation with it). */
  store: (id: number) => [scope.catalogue, 'product-store', id] as const,
};
