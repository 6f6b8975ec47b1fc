/**
 * Dashboard routes beyond config/paths.ts (which lists SPEC.md's): the statistics home and the
 * store account's chat list. Edit forms of articles and stores take `?id=` (one form for both).
 */
import { paths } from '@/config/paths';

export const dashboardPaths = {
  ...paths.dashboard,
  home: { path: '/dashboard', getHref: () => '/dashboard' },
  chats: { path: '/dashboard/chats', getHref: () => '/dashboard/chats' },
  /** The store's saved replies (CONTRACT.md §8). */
  quickReplies: { path: '/dashboard/quick-replies', getHref: () => '/dashboard/quick-replies' },
  blogEdit: { getHref: (id: number | string) => `/blog/add?id=${id}` },
  storeEdit: { getHref: (id: number | string) => `/bone/add?id=${id}` },
  /** The admin creates a store for a store account without one. */
  storeCreateFor: { getHref: (userId: number | string) => `/bone/add?user_id=${userId}` },
  storeProducts: { getHref: (storeId: number | string) => `/product/list?store_id=${storeId}` },
  orderDetailsOf: { getHref: (id: number | string) => `/order/details?id=${id}` },
  // subscriptions and oversight (CONTRACT.md §8)
  subscription: { path: '/dashboard/subscription', getHref: () => '/dashboard/subscription' },
  subscriptions: { path: '/dashboard/subscriptions', getHref: () => '/dashboard/subscriptions' },
  receipt: { path: '/dashboard/receipt/:id', getHref: (id: number | string) => `/dashboard/receipt/${id}` },
  reports: { path: '/dashboard/reports', getHref: () => '/dashboard/reports' },
  audit: { path: '/dashboard/audit', getHref: () => '/dashboard/audit' },
} as const;
