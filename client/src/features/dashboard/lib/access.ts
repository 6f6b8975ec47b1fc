/**
 * Who may open which dashboard screen (SPEC.md §2, §6), in one table read by the side bar and the
 * route guard. Types: 0 admin, 1 store account, 2 farmer, 3 nursery (a store account too).
 */
import type { User } from '@agrivet/shared';
import { dashboardPaths } from './dashboard-paths';

export type DashboardScreen =
  | 'home'
  | 'blogList'
  | 'blogAdd'
  | 'storeList'
  | 'storeAdd'
  | 'productList'
  | 'productAdd'
  | 'productEdit'
  | 'orderList'
  | 'orderDetails'
  | 'chats'
  | 'quickReplies'
  | 'userList'
  | 'conversationList'
  | 'conversation'
  | 'profile'
  | 'changePassword'
  | 'subscription'
  | 'subscriptions'
  | 'receipt'
  | 'reports'
  | 'audit';

const ADMIN = [0] as const;
const STORE = [1, 3] as const;
const ADMIN_AND_STORE = [0, 1, 3] as const;
const EVERYONE = [0, 1, 2, 3] as const;

export const screenRoles: Record<DashboardScreen, readonly number[]> = {
  home: ADMIN_AND_STORE,
  blogList: ADMIN_AND_STORE,
  blogAdd: ADMIN_AND_STORE,
  storeList: ADMIN,
  // store accounts create (or edit) their own store; the admin edits any store
  storeAdd: ADMIN_AND_STORE,
  productList: ADMIN_AND_STORE,
  // the admin cannot add products (SPEC.md §6) but may edit them
  productAdd: STORE,
  productEdit: ADMIN_AND_STORE,
  orderList: STORE,
  orderDetails: STORE,
  chats: STORE,
  quickReplies: STORE,
  userList: ADMIN,
  conversationList: ADMIN,
  conversation: ADMIN,
  profile: EVERYONE,
  changePassword: EVERYONE,
  // subscriptions and oversight (CONTRACT.md §8)
  subscription: STORE,
  subscriptions: ADMIN,
  receipt: ADMIN_AND_STORE,
  reports: ADMIN,
  audit: ADMIN,
};

/** Screens a store account cannot use before it has created its store. */
const NEEDS_STORE: readonly DashboardScreen[] = [
  'productList',
  'productAdd',
  'productEdit',
  'orderList',
  'orderDetails',
];

type Who = Pick<User, 'type' | 'has_store'>;

export function canOpen(user: Who, screen: DashboardScreen): boolean {
  return screenRoles[screen].includes(user.type);
}

/**
 * Where the guard sends a user who may not stay on `screen`; null means stay.
 * Farmers go home, store accounts without a store go to the store form, others to their home.
 */
export function redirectFor(user: Who, screen: DashboardScreen): string | null {
  if (!canOpen(user, screen)) {
    if (user.type === 2) return '/';
    return dashboardPaths.home.getHref();
  }
  if ((user.type === 1 || user.type === 3) && !user.has_store && NEEDS_STORE.includes(screen))
    return dashboardPaths.storeAdd.getHref();
  return null;
}

export interface SideLink {
  screen: DashboardScreen;
  to: string;
  /** Key in the 'dashboard' namespace. */
  label: string;
  /** Narrower than the screen's roles (the store form is the admin's too, but "my store" is not). */
  roles?: readonly number[];
}

/**
 * Side bar links in order: statistics, articles for all; admin: users, stores, conversations; store:
 * chats, orders, products and its own store (the store form, which edits the account's store).
 */
const SIDE_LINKS: SideLink[] = [
  { screen: 'home', to: dashboardPaths.home.getHref(), label: 'nav.home' },
  { screen: 'blogList', to: dashboardPaths.blogList.getHref(), label: 'nav.articles' },
  { screen: 'userList', to: dashboardPaths.userList.getHref(), label: 'nav.users' },
  { screen: 'storeList', to: dashboardPaths.storeList.getHref(), label: 'nav.stores' },
  { screen: 'conversationList', to: dashboardPaths.conversationList.getHref(), label: 'nav.conversations' },
  { screen: 'chats', to: dashboardPaths.chats.getHref(), label: 'nav.chats' },
  { screen: 'quickReplies', to: dashboardPaths.quickReplies.getHref(), label: 'nav.quickReplies' },
  { screen: 'orderList', to: dashboardPaths.orderList.getHref(), label: 'nav.orders' },
  { screen: 'productList', to: dashboardPaths.productList.getHref(), label: 'nav.products' },
  { screen: 'storeAdd', to: dashboardPaths.storeAdd.getHref(), label: 'nav.myStore', roles: STORE },
  { screen: 'subscription', to: dashboardPaths.subscription.getHref(), label: 'nav.subscription' },
  { screen: 'subscriptions', to: dashboardPaths.subscriptions.getHref(), label: 'nav.subscriptions' },
  { screen: 'reports', to: dashboardPaths.reports.getHref(), label: 'nav.reports' },
  { screen: 'audit', to: dashboardPaths.audit.getHref(), label: 'nav.audit' },
  { screen: 'profile', to: dashboardPaths.profile.getHref(), label: 'nav.profile' },
  { screen: 'changePassword', to: dashboardPaths.changePassword.getHref(), label: 'nav.changePassword' },
];

type WithStore = Who & { store?: { id: number } | null };

/** The links `user` may follow; "my store" opens the store form on the account's own store (?id=). */
export function sideLinksFor(user: WithStore): SideLink[] {
  return SIDE_LINKS.filter((l) => canOpen(user, l.screen) && (!l.roles || l.roles.includes(user.type))).map((l) =>
    l.label === 'nav.myStore' && user.store ? { ...l, to: dashboardPaths.storeEdit.getHref(user.store.id) } : l,
  );
}

/**
 * A disabled store account (status 1, CONTRACT.md §5): the API refuses its products, order status,
 * store and article writes, so those forms are shown disabled instead of failing on save.
 */
export const writesBlocked = (user: Pick<User, 'type' | 'status'> | null): boolean =>
  user !== null && (user.type === 1 || user.type === 3) && user.status === 1;

/**
 * Disabled by the admin by hand, not by its subscription: disabled (status 1) while its subscription
 * has not expired (the API keeps an account's status with its subscription unless it is `suspended`,
 * api/src/services/subscriptions.ts). Disabled with an expired subscription reads as the expiry; without
 * a recorded one as the older «انتهى اشتراك متجرك» (migration 011 turned status 1 into an expiry).
 */
export const suspendedByAdmin = (user: Pick<User, 'type' | 'status' | 'subscription'> | null): boolean =>
  writesBlocked(user) && Boolean(user?.subscription) && user?.subscription?.state !== 'expired';
