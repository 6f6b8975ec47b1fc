/**
 * Query keys of the dashboard, in one place. Everything here is account data (lib/query-client.ts
 * `scope.account`): in memory only, dropped when the account changes. Writes invalidate the lists they
 * change and the public catalogue (`scope.catalogue`), which shows the same stores, products and articles.
 */
import { scope } from '@/lib/query-client';

const all = [scope.account, 'dashboard'] as const;

export const dashboardKeys = {
  all,
  catalogue: [scope.catalogue] as const,
  storeLists: [...all, 'stores', 'list'] as const,
  storeList: (page: number) => [...all, 'stores', 'list', page] as const,
  store: (id: number) => [...all, 'stores', 'detail', id] as const,
  productLists: [...all, 'products', 'list'] as const,
  productList: (storeId: number | null, page: number) => [...all, 'products', 'list', storeId, page] as const,
  product: (id: number) => [...all, 'products', 'detail', id] as const,
  postLists: [...all, 'posts', 'list'] as const,
  postList: (page: number) => [...all, 'posts', 'list', page] as const,
  post: (id: number) => [...all, 'posts', 'detail', id] as const,
  orders: [...all, 'orders'] as const,
  orderLists: [...all, 'orders', 'list'] as const,
  orderList: (page: number) => [...all, 'orders', 'list', page] as const,
  order: (id: number) => [...all, 'orders', 'detail', id] as const,
  userLists: [...all, 'users', 'list'] as const,
  userList: (page: number) => [...all, 'users', 'list', page] as const,
  passwordRequestLists: [...all, 'password-requests'] as const,
  passwordRequestList: (page: number) => [...all, 'password-requests', page] as const,
  stats: [...all, 'stats'] as const,
  statsOf: (isAdmin: boolean) => [...all, 'stats', isAdmin ? 'admin' : 'store'] as const,
};
