/**
 * The query keys of every REST resource, one factory per resource (each api/<resource>.ts re-exports
 * its own): kept in one file so that resources whose writes change each other's lists (a store names
 * its owner, a user row names its store) import each other's keys without importing each other.
 * Every key starts with its scope (lib/query-client.ts): where the answer may live.
 */
import type { StoreType } from '@agrivet/shared';
import { scope } from '@/lib/query-client';

export const authKeys = {
  all: [scope.account, 'auth'] as const,
  user: () => [scope.account, 'auth', 'user'] as const,
};

export interface StoresQuery {
  type: StoreType;
  page: number;
  city: number | null;
  /** 'rating': best rated first (CONTRACT.md §7); null: the API's own order. */
  sort?: 'rating' | null;
}

export const storeKeys = {
  /** Everything public about stores (lists, one store, a store's product page). */
  all: [scope.catalogue, 'stores'] as const,
  byCity: ({ type, city, page, sort }: StoresQuery) =>
    [scope.catalogue, 'stores', 'by-city', type, city, page, sort ?? null] as const,
  detail: (id: number) => [scope.catalogue, 'stores', 'detail', id] as const,
  /** store/get-page: a store's products, paged, with the store. */
  page: (storeId: number, page: number) => [scope.catalogue, 'stores', 'page', storeId, page] as const,
  /** Memory only and checked on every visit: a buyer's new rating shows at once (ETag: cheap when unchanged). */
  reviews: (storeId: number, page: number) => [scope.public, 'store-reviews', storeId, page] as const,
  /** Every store's reviews (a buyer's rating changed one). */
  allReviews: [scope.public, 'store-reviews'] as const,
  /** store/getAll for the admin's table. */
  lists: () => [scope.account, 'stores', 'list'] as const,
  list: (page: number) => [scope.account, 'stores', 'list', page] as const,
};

export const userKeys = {
  /** user/getAll for the admin's table. */
  lists: () => [scope.account, 'users', 'list'] as const,
  list: (page: number) => [scope.account, 'users', 'list', page] as const,
  passwordRequests: () => [scope.account, 'password-requests'] as const,
  passwordRequestPage: (page: number) => [scope.account, 'password-requests', page] as const,
};

export const productKeys = {
  detail: (id: number) => [scope.catalogue, 'products', 'detail', id] as const,
  /** product/getAll: every store's products (admin) or one store's, paged (the dashboard). */
  lists: () => [scope.account, 'products', 'list'] as const,
  list: (storeId: number | null, page: number) => [scope.account, 'products', 'list', storeId, page] as const,
  /** product/getAll?per_page=50: a store's products to pick from (the inbox's product card). */
  picker: (storeId: number) => [scope.account, 'products', 'list', storeId, 'picker'] as const,
};

export const postKeys = {
  all: [scope.catalogue, 'posts'] as const,
  lists: () => [scope.catalogue, 'posts', 'list'] as const,
  list: (page: number) => [scope.catalogue, 'posts', 'list', page] as const,
  detail: (id: number) => [scope.catalogue, 'posts', 'detail', id] as const,
  /** The dashboard's list: the caller's own articles (admin: all). */
  mine: () => [scope.account, 'posts', 'mine'] as const,
  minePage: (page: number) => [scope.account, 'posts', 'mine', page] as const,
};

export const orderKeys = {
  /** Every order answer held: the buyer's pages, the store's pages, single orders. */
  all: [scope.account, 'orders'] as const,
  /** order/getAll-byUser: the caller's own orders. */
  mine: () => [scope.account, 'orders', 'mine'] as const,
  minePage: (page: number) => [scope.account, 'orders', 'mine', page] as const,
  /** order/getAll-byStore: the store's orders (admin: all). */
  store: () => [scope.account, 'orders', 'store'] as const,
  storePage: (page: number) => [scope.account, 'orders', 'store', page] as const,
  detail: (id: number) => [scope.account, 'orders', 'detail', id] as const,
};

export const statsKeys = {
  all: [scope.account, 'stats'] as const,
  of: (isAdmin: boolean) => [scope.account, 'stats', isAdmin ? 'admin' : 'store'] as const,
};

export const searchKeys = {
  all: [scope.public, 'search'] as const,
  results: (q: string, page: number) => [scope.public, 'search', q, page] as const,
};

export const subscriptionKeys = {
  all: [scope.account, 'subscriptions'] as const,
  mine: () => [scope.account, 'subscriptions', 'mine'] as const,
  /** Every page of the admin's renewal requests (a `subscription:request` push refetches them). */
  allRequests: () => [scope.account, 'subscriptions', 'requests'] as const,
  requests: (page: number) => [scope.account, 'subscriptions', 'requests', page] as const,
  /** How many requests wait (the badge on "الاشتراكات"); under `all`, so a payment refreshes it too. */
  openCount: () => [scope.account, 'subscriptions', 'open-count'] as const,
  payments: (userId: number | null, page: number) =>
    [scope.account, 'subscriptions', 'payments', userId, page] as const,
  payment: (id: number) => [scope.account, 'subscriptions', 'payment', id] as const,
  stats: () => [scope.account, 'subscriptions', 'stats'] as const,
};
