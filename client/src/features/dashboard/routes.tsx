/**
 * Dashboard routes (SPEC.md §2 dashboard layout). The app router mounts this list at the top level,
 * handing in what the dashboard shows of other features (`slots`: the chat thread), since features do
 * not import each other. Only this small table is in the first load: the layout and every screen are
 * lazy chunks, and each screen sits behind its role guard (lib/access.ts).
 */
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoadingState } from '@/components/ui/loading-state';
import type { DashboardScreen as ScreenName } from './lib/access';
import type { DashboardSlots } from './lib/slots';

export type { ChatThreadProps, DashboardSlots } from './lib/slots';

// The frame and the screen loader come in one chunk.
const loadEntry = () => import('./components/dashboard-entry');
const DashboardShell = lazy(() => loadEntry().then((m) => ({ default: m.DashboardShell })));
const DashboardScreen = lazy(() => loadEntry().then((m) => ({ default: m.DashboardScreen })));

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
