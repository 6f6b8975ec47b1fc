/** Loads a dashboard screen lazily behind its role guard (routes.tsx names the screen only). */
import { type ComponentType, lazy } from 'react';
import type { DashboardScreen as ScreenName } from '@/features/dashboard/lib/access';
import { RoleGuard } from './role-guard';

const screens: Record<ScreenName, ComponentType> = {
  home: lazy(() => import('@/features/dashboard/routes/stats-home')),
  blogList: lazy(() => import('@/features/dashboard/routes/post-list')),
  blogAdd: lazy(() => import('@/features/dashboard/routes/post-form')),
  storeList: lazy(() => import('@/features/dashboard/routes/store-list')),
  storeAdd: lazy(() => import('@/features/dashboard/routes/store-form')),
  productList: lazy(() => import('@/features/dashboard/routes/product-list')),
  productAdd: lazy(() => import('@/features/dashboard/routes/product-form')),
  productEdit: lazy(() => import('@/features/dashboard/routes/product-form')),
  orderList: lazy(() => import('@/features/dashboard/routes/order-list')),
  orderDetails: lazy(() => import('@/features/dashboard/routes/order-details')),
  chats: lazy(() => import('@/features/dashboard/routes/store-chats')),
  quickReplies: lazy(() => import('@/features/dashboard/routes/quick-replies')),
  userList: lazy(() => import('@/features/dashboard/routes/user-list')),
  conversationList: lazy(() => import('@/features/dashboard/routes/conversation-list')),
  conversation: lazy(() => import('@/features/dashboard/routes/conversation-view')),
  profile: lazy(() => import('@/features/dashboard/routes/profile-info')),
  changePassword: lazy(() => import('@/features/dashboard/routes/change-password')),
  subscription: lazy(() => import('@/features/dashboard/routes/subscription')),
  subscriptions: lazy(() => import('@/features/dashboard/routes/subscriptions-admin')),
  receipt: lazy(() => import('@/features/dashboard/routes/receipt')),
  reports: lazy(() => import('@/features/dashboard/routes/reports')),
  audit: lazy(() => import('@/features/dashboard/routes/audit-log')),
};

export default function DashboardScreen({ screen }: { screen: ScreenName }) {
  const Screen = screens[screen];
  return (
    <RoleGuard screen={screen}>
      <Screen />
    </RoleGuard>
  );
}
