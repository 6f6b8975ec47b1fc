/** Loads a dashboard screen lazily behind its role guard (routes.tsx names the screen only). */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { DashboardScreen as ScreenName } from '../lib/access';
import { RoleGuard } from './role-guard';

const screens: Record<ScreenName, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('../routes/stats-home')),
  blogList: lazy(() => import('../routes/post-list')),
  blogAdd: lazy(() => import('../routes/post-form')),
  storeList: lazy(() => import('../routes/store-list')),
  storeAdd: lazy(() => import('../routes/store-form')),
  productList: lazy(() => import('../routes/product-list')),
  productAdd: lazy(() => import('../routes/product-form')),
  productEdit: lazy(() => import('../routes/product-form')),
  orderList: lazy(() => import('../routes/order-list')),
  orderDetails: lazy(() => import('../routes/order-details')),
  chats: lazy(() => import('../routes/store-chats')),
  userList: lazy(() => import('../routes/user-list')),
  conversationList: lazy(() => import('../routes/conversation-list')),
  conversation: lazy(() => import('../routes/conversation-view')),
  profile: lazy(() => import('../routes/profile-info')),
  changePassword: lazy(() => import('../routes/change-password')),
};

export default function DashboardScreen({ screen }: { screen: ScreenName }) {
  const Screen = screens[screen];
  return (
    <RoleGuard screen={screen}>
      <Screen />
    </RoleGuard>
  );
}
