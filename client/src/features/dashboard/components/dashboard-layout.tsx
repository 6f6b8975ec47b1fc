/**
 * Dashboard layout (SPEC.md §2): top bar, a side bar that collapses to icons on wide screens and is a
 * drawer on phones, and the screen. Signed-out visitors go to /login. Store accounts hear about new
 * orders live (order:new) anywhere in the dashboard, and the cached orders follow the pushes.
 */
import { Box } from '@chakra-ui/react/box';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingState } from '@/components/ui/loading-state';
import { ErrorState } from '@/components/ui/states';
import { notify } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { onConnected, onRealtime } from '@/stores/realtime';
import { applyNewReport, refreshOpenReportsCount } from '@/api/report-queue';
import { applyPaymentRecorded, refreshRenewals } from '@/api/renewal-queue';
import { navigateTo } from '@/lib/navigation';
import { selectIsLoggedIn, useSession } from '@/stores/session';
import { retryUser, useUserQuery } from '@/api/auth';
import { useQueryClient } from '@tanstack/react-query';
import { failureOf } from '@/lib/query-client';
import { orderCardsToldElsewhere } from '@/lib/order-card-toasts';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { formatDay } from '@/features/dashboard/lib/oversight-format';
import { useLiveOrders } from '@/features/dashboard/lib/use-live-orders';
import { useOrderAlerts } from '@/features/dashboard/stores/order-alerts';
import OfflineBanner from '@/components/layout/offline-banner';
import { DashboardTopBar } from './dashboard-top-bar';
import { SubscriptionBanner } from './subscription-banner';
import { SideNav } from './side-nav';
import { currentLang } from '@/i18n';
import { provinceLabel } from '@agrivet/shared';

const loadSideDrawer = () => import('./side-drawer');
const SideDrawer = lazy(loadSideDrawer);

const COLLAPSED_KEY = 'dashboard:collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

export default function DashboardLayout() {
  const { t } = useDashboardT();
  const loggedIn = useSession(selectIsLoggedIn);
  const userQuery = useUserQuery();
  const queryClient = useQueryClient();
  const user = loggedIn ? (userQuery.data ?? null) : null;
  const sessionError = failureOf(userQuery);
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  // the phone's side drawer: null until first opened (its chunk is loaded then)
  const [drawerOpen, setDrawerOpen] = useState<boolean | null>(null);
  const isStore = user?.type === 1 || user?.type === 3;
  useLiveOrders();

  useEffect(() => {
    if (!isStore) return;
    // the new order's card in the chat is this toast already (lib/order-card-toasts.ts)
    const offCards = orderCardsToldElsewhere((card) => card.status === 0 && card.stage === 'new');
    const offNew = onRealtime('order:new', ({ order }) => {
      useOrderAlerts.getState().arrived();
      // Where it goes, beside the total: the store sees the delivery at once (CONTRACT.md §7).
      const where = order.delivery
        ? ` — ${provinceLabel(order.delivery.province, currentLang(), order.delivery.province_name)}، ${order.delivery.address}`
        : '';
      notify.info(t('orders.newOrder', { name: order.user.name }), {
        description: `${order.total} $${where}`,
        button: {
          label: t('orders.viewOrder'),
          onClick: () => navigateTo(dashboardPaths.orderDetailsOf.getHref(order.id)),
        },
      });
    });
    // The admin recorded this store's payment: its plan, banner and receipts at once, and a toast to the receipt.
    const offPaid = onRealtime('subscription:payment', ({ payment }) => {
      applyPaymentRecorded(queryClient, payment);
      notify.success(t('nav.paymentLive', { date: formatDay(payment.period_end, currentLang()) }), {
        button: {
          label: t('nav.viewReceipt'),
          onClick: () => navigateTo(dashboardPaths.receipt.getHref(payment.id)),
        },
      });
    });
    return () => {
      offCards();
      offNew();
      offPaid();
    };
  }, [isStore, queryClient, t]);

  // The admin hears a new report wherever it is in the dashboard: a toast, the queue and the count on
  // "البلاغات" (api/reports.ts); reports made while its connection was down are counted when it comes up.
  // A store's renewal request likewise: the requests and their count refetched. Each toast leads to its screen.
  const isAdmin = user?.type === 0;
  useEffect(() => {
    if (!isAdmin) return;
    const offs = [
      onRealtime('report:new', ({ report }) => {
        applyNewReport(queryClient, report);
        notify.info(t('nav.reportLive', { name: report.reporter?.name ?? '' }), {
          button: { label: t('nav.viewReports'), onClick: () => navigateTo(dashboardPaths.reports.getHref()) },
        });
      }),
      onRealtime('subscription:request', ({ request }) => {
        refreshRenewals(queryClient);
        notify.info(t('nav.renewalLive', { name: request.user.store_name ?? request.user.name }), {
          button: { label: t('nav.viewRenewals'), onClick: () => navigateTo(dashboardPaths.subscriptions.getHref()) },
        });
      }),
      onConnected(() => {
        refreshOpenReportsCount(queryClient);
        refreshRenewals(queryClient);
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [isAdmin, queryClient, t]);

  if (!loggedIn) return <Navigate to={paths.login.getHref()} replace state={{ from: location.pathname }} />;
  // GET auth/user failed (offline start, time-out, 5xx) and no user was saved: an error with a retry.
  if (!user && sessionError)
    return (
      <Box p="4" maxW="xl" mx="auto" mt="10">
        <ErrorState error={sessionError} onRetry={() => void retryUser(queryClient)} />
      </Box>
    );
  if (!user) return <LoadingState />;

  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    try {
      localStorage.setItem(COLLAPSED_KEY, next ? '1' : '0');
    } catch {
      // private mode
    }
  };

  return (
    <Box minH="100dvh" display="flex" flexDirection="column" bg="gray.50">
      <DashboardTopBar
        user={user}
        collapsed={collapsed}
        onToggleCollapse={toggle}
        onPreloadDrawer={() => void loadSideDrawer()}
        onOpenDrawer={() => setDrawerOpen(true)}
      />
      <Box display="flex" flex="1" minH="0">
        <Box
          as="aside"
          display={{ base: 'none', md: 'block' }}
          width={collapsed ? '16' : '60'}
          flexShrink={0}
          bg="bg"
          borderEndWidth="1px"
          transition="width 0.15s"
          data-testid="sidebar"
        >
          <Box position="sticky" top="14">
            <SideNav user={user} collapsed={collapsed} />
          </Box>
        </Box>
        <Box as="main" id="main" flex="1" minW="0">
          <OfflineBanner />
          {isStore && <SubscriptionBanner user={user} />}
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
      {/* the phone's side bar: its code (Chakra's drawer, a dialog) comes on the first tap of the menu */}
      {drawerOpen !== null && (
        <Suspense fallback={null}>
          <SideDrawer user={user} open={drawerOpen} onOpenChange={setDrawerOpen} />
        </Suspense>
      )}
    </Box>
  );
}
