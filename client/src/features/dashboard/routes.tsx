/**
 * Dashboard routes (SPEC.md §2 dashboard layout). The app router mounts this list at the top level,
 * handing in what the dashboard shows of other features (`slots`: the chat thread), since features do
 * not import each other. Only this small table is in the first load: the layout and every screen are
 * lazy chunks, and each screen sits behind its role guard (lib/access.ts).
 */
import { Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoadingState } from '@/components/ui/loading-state';
import { lazyRoute } from '@/lib/lazy-route';
import type { DashboardScreen as ScreenName } from './lib/access';
import type { DashboardSlots } from './lib/slots';

export type { ChatThreadProps, DashboardSlots } from './lib/slots';

// One dynamic import (one preload list in the first load) for both pieces. Once preloaded (a store opening
// its inbox cold: app/router.tsx), both are drawn in the first render, not after a committed fallback.
const loadEntry = () => import('./components/dashboard-entry');
const shell = lazyRoute(loadEntry, (m) => m.DashboardShell);
const screen = lazyRoute(loadEntry, (m) => m.DashboardScreen);
const DashboardShell = shell.Component;
const DashboardScreen = screen.Component;

/** The dashboard's frame and screen loader, and the inbox screen (what `/dashboard/chats` draws first). */
export function preloadInbox(): Promise<unknown> {
  return Promise.all([shell.preload(), screen.preload(), loadEntry().then((m) => m.preloadInboxScreen())]);
}

const screenPaths: [string, ScreenName][] = [
  ['/dashboard', 'home'],
  ['/dashboard/chats', 'chats'],
  ['/dashboard/quick-replies', 'quickReplies'],
  ['/blog/list', 'blogList'],
  ['/blog/add', 'blogAdd'],
  ['/bone/list', 'storeList'],
  ['/bone/add', 'storeAdd'],
  ['/product/list', 'productList'],
  ['/product/add', 'productAdd'],
  ['/product/add/:id', 'productEdit'],
  ['/order/list', 'orderList'],
  ['/order/details', 'orderDetails'],
  ['/user/list', 'userList'],
  ['/conversation/list', 'conversationList'],
  ['/conversation/:id', 'conversation'],
  ['/profile/info', 'profile'],
  ['/profile/ChangePassword', 'changePassword'],
  ['/dashboard/subscription', 'subscription'],
  ['/dashboard/subscriptions', 'subscriptions'],
  ['/dashboard/receipt/:id', 'receipt'],
  ['/dashboard/reports', 'reports'],
  ['/dashboard/audit', 'audit'],
];

export function dashboardRoutes(slots: DashboardSlots): RouteObject[] {
  return [
    {
      element: (
        <Suspense fallback={<LoadingState />}>
          <DashboardShell slots={slots} />
        </Suspense>
      ),
      children: screenPaths.map(([path, screen]) => ({
        path,
        element: <DashboardScreen key={screen} screen={screen} />,
      })),
    },
  ];
}
