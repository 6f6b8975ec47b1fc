/**
 * Routes of SPEC.md §2 as one route list rendered with useRoutes (declarative mode keeps the data
 * router out of the first load); every screen is a React.lazy chunk. Dashboard routes come from
 * features/dashboard/routes.tsx and are mounted at the top level. This is where features meet: the
 * dashboard gets the chat thread from here, as it may not import features/chat itself.
 */
import { lazy, type ReactNode, Suspense } from 'react';
import { BrowserRouter, matchRoutes, type RouteObject, useRoutes } from 'react-router-dom';
import { NavigationBridge } from '@/lib/navigation';
import { PublicLayout } from '@/components/layout/public-layout';
import { preloadUserGate, RequireAuth } from '@/components/layout/require-auth';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { dashboardRoutes, preloadInbox } from '@/features/dashboard/routes';
import { lazyRoute } from '@/lib/lazy-route';

const landing = lazyRoute(
  () => import('@/features/landing/routes/landing'),
  (m) => m.default,
);
const storesList = () => import('@/features/stores/routes/stores-list');
const pharmacies = lazyRoute(storesList, (m) => m.PharmaciesRoute);
const clinics = lazyRoute(storesList, (m) => m.ClinicsRoute);
const nurseries = lazyRoute(storesList, (m) => m.NurseriesRoute);
const Landing = landing.Component;
const Pharmacies = pharmacies.Component;
const Clinics = clinics.Component;
const Nurseries = nurseries.Component;
const blog = lazyRoute(
  () => import('@/features/posts/routes/blog'),
  (m) => m.default,
);
const article = lazyRoute(
  () => import('@/features/posts/routes/article'),
  (m) => m.default,
);
const search = lazyRoute(
  () => import('@/features/search/routes/search'),
  (m) => m.default,
);
// A product's page comes in the store page's chunk (one dynamic import: the first load's route table
// stays as small).
const storeProductsModule = () => import('@/features/products/routes/store-products');
const storeProducts = lazyRoute(storeProductsModule, (m) => m.default);
const product = lazyRoute(storeProductsModule, (m) => m.ProductRoute);
const Blog = blog.Component;
const Article = article.Component;
const Search = search.Component;
const StoreProducts = storeProducts.Component;
const Product = product.Component;
// Its own chunk: the chat's queries it starts stay out of the store lists' first load.
const StartChat = lazy(() => import('@/features/stores/routes/start-chat'));
const Cart = lazy(() => import('@/features/cart/routes/cart'));
const Carts = lazy(() => import('@/features/cart/routes/carts'));
const Account = lazy(() => import('@/features/account/routes/account'));
const MyOrders = lazy(() => import('@/features/orders/routes/my-orders'));
const ChatList = lazy(() => import('@/features/chat/routes/chat-list'));
const chat = lazyRoute(
  () => import('@/features/chat/routes/chat'),
  (m) => m.default,
);
const Chat = chat.Component;
const Login = lazy(() => import('@/features/auth/routes/login'));
const Register = lazy(() => import('@/features/auth/routes/register'));
const ForgetPassword = lazy(() => import('@/features/auth/routes/forget-password'));
const NotFound = lazy(() => import('./routes/not-found'));
/** The chat thread the admin's /conversation/{id} shows (read-only); the screen's Suspense waits for it. */
const chatThread = lazyRoute(
  () => import('@/features/chat/components/chat-thread'),
  (m) => m.ChatThread,
);
const ChatThread = chatThread.Component;

/**
 * The public screens the server renders (server/src/render.ts, app/ssr/): main.tsx loads the one of
 * this URL before the first render (hydration needs it: the server's HTML holds it). Resolves when it
 * is in (rejects if its chunk failed: React.lazy then shows the error).
 */
const FIRST_SCREENS = new Map<string, { preload: () => Promise<unknown> }>([
  [paths.home.path, landing],
  [paths.pharmacies.path, pharmacies],
  [paths.clinics.path, clinics],
  [paths.nurseries.path, nurseries],
  [paths.blog.path, blog],
  [paths.article.path, article],
  [paths.search.path, search],
  [paths.store.path, storeProducts],
  [paths.product.path, product],
]);

/** The route pattern this URL renders with (ranked as useRoutes ranks them: /blog/list is not an article). */
export function matchedPattern(pathname: string): string | null {
  const matches = matchRoutes(routes, pathname);
  return matches?.at(-1)?.route.path ?? null;
}

/** Rendered by the server (public, anonymous): the pattern of one of the screens above. */
export const isServerRendered = (pattern: string | null): boolean => pattern !== null && FIRST_SCREENS.has(pattern);

/**
 * Signed-in screens opened from the shell (a farmer tapping a message's notification): their chunk and
 * their data are requested as the app starts, beside each other, not one after the other behind the user
 * query and the route's own loading.
 */
const SIGNED_IN_FIRST = new Map<string, (params: Record<string, string | undefined>) => Promise<unknown>>([
  [
    paths.chat.path,
    ({ id }) => {
      void import('@/api/conversations').then((m) => m.prefetchThread(Number(id)));
      return Promise.all([chat.preload(), preloadUserGate()]);
    },
  ],
  [
    // The store's inbox opened on a conversation (?c=): its thread and the thread's code beside the dashboard's.
    '/dashboard/chats',
    () => {
      const id = Number(new URLSearchParams(window.location.search).get('c'));
      if (id > 0) void import('@/api/conversations').then((m) => m.prefetchThread(id));
      // its lists too: the inbox's two default tabs, beside each other (api/inbox.ts prefetchInbox)
      void import('@/features/dashboard/components/dashboard-entry').then((m) => m.prefetchInbox());
      // the first render waits for the frame, the inbox screen and the thread, and draws them at once
      return Promise.all([preloadInbox(), id > 0 ? chatThread.preload() : null]);
    },
  ],
]);

export function preloadFirstScreen(pathname: string, signedIn = false): Promise<unknown> | null {
  const match = matchRoutes(routes, pathname)?.at(-1);
  const pattern = match?.route.path ?? null;
  const first = pattern === null ? undefined : FIRST_SCREENS.get(pattern);
  if (first) return first.preload();
  const signedInFirst = signedIn && pattern !== null ? SIGNED_IN_FIRST.get(pattern) : undefined;
  return signedInFirst && match ? signedInFirst(match.params) : null;
}

const standalone = (element: ReactNode) => <Suspense fallback={<LoadingState />}>{element}</Suspense>;

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: paths.home.path, element: <Landing /> },
      { path: paths.pharmacies.path, element: <Pharmacies /> },
      { path: paths.clinics.path, element: <Clinics /> },
      { path: paths.nurseries.path, element: <Nurseries /> },
      { path: paths.blog.path, element: <Blog /> },
      { path: paths.article.path, element: <Article /> },
      { path: paths.search.path, element: <Search /> },
      { path: paths.store.path, element: <StoreProducts /> },
      { path: paths.product.path, element: <Product /> },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.cart.path, element: <Cart /> },
          { path: paths.carts.path, element: <Carts /> },
          { path: paths.account.path, element: <Account /> },
          { path: paths.myOrders.path, element: <MyOrders /> },
          { path: paths.chatList.path, element: <ChatList /> },
          { path: paths.chat.path, element: <Chat /> },
          { path: paths.startChat.path, element: <StartChat /> },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
  { path: paths.login.path, element: standalone(<Login />) },
  { path: paths.signup.path, element: standalone(<Register />) },
  { path: paths.createAccount.path, element: standalone(<Register />) },
  { path: paths.forgetPassword.path, element: standalone(<ForgetPassword />) },
  ...dashboardRoutes({ ChatThread }),
];

/** The route list under any router: BrowserRouter here, StaticRouter on the server (app/ssr/entry-server.tsx). */
export function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <NavigationBridge />
      <AppRoutes />
    </BrowserRouter>
  );
}
