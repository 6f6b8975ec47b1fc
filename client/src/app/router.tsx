/**
 * Routes of SPEC.md §2 as one route list rendered with useRoutes; every screen is a React.lazy chunk.
 * Dashboard routes come from features/dashboard/routes.tsx and are mounted at the top level. This is
 * where features meet: the dashboard gets the chat thread from here, as it may not import features/chat
 * itself.
 */
import { type ComponentType, createContext, lazy, type ReactNode, Suspense, useContext } from 'react';
import { BrowserRouter, matchRoutes, type RouteObject, useRoutes } from 'react-router-dom';
import { NavigationBridge } from '@/lib/navigation';
import { PublicLayout } from '@/components/layout/public-layout';
import { RequireAuth } from '@/components/layout/require-auth';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { dashboardRoutes } from '@/features/dashboard/routes';

/**
 * The route screens by source path ('/src/features/landing/routes/landing.tsx'): each a lazy chunk.
 * Vite's manifests are keyed by the same paths, so the server can name a rendered screen's chunks.
 */
const screenModules = import.meta.glob<Record<string, ComponentType>>([
  '/src/features/*/routes/*.tsx',
  '/src/app/routes/*.tsx',
  '!/src/features/dashboard/**',
]);

/** Where the server's render records the screens it drew (app/ssr/entry-server.tsx); none in the browser. */
export const RenderedScreens = createContext<Set<string> | null>(null);

/** The lazy screen exported as `name` by the module at `src` (under client/, as Vite's manifest keys it). */
function screen(src: string, name = 'default'): ComponentType {
  const load = screenModules[`/${src}`];
  if (!load) throw new Error(`app/router: no route module ${src}`);
  const Lazy = lazy(async () => {
    const Component = (await load())[name];
    if (!Component) throw new Error(`app/router: ${src} has no export ${name}`);
    return { default: Component };
  });
  return function Screen() {
    useContext(RenderedScreens)?.add(src);
    return <Lazy />;
  };
}

const Landing = screen('src/features/landing/routes/landing.tsx');
const Pharmacies = screen('src/features/stores/routes/stores-list.tsx', 'PharmaciesRoute');
const Clinics = screen('src/features/stores/routes/stores-list.tsx', 'ClinicsRoute');
const Nurseries = screen('src/features/stores/routes/stores-list.tsx', 'NurseriesRoute');
const Blog = screen('src/features/posts/routes/blog.tsx');
const Article = screen('src/features/posts/routes/article.tsx');
const Search = screen('src/features/search/routes/search.tsx');
const StoreProducts = screen('src/features/products/routes/store-products.tsx');
const Product = screen('src/features/products/routes/product.tsx');
const StartChat = screen('src/features/stores/routes/start-chat.tsx');
const Cart = screen('src/features/cart/routes/cart.tsx');
const Carts = screen('src/features/cart/routes/carts.tsx');
const Account = screen('src/features/account/routes/account.tsx');
const MyOrders = screen('src/features/orders/routes/my-orders.tsx');
const ChatList = screen('src/features/chat/routes/chat-list.tsx');
const Chat = screen('src/features/chat/routes/chat.tsx');
const Login = screen('src/features/auth/routes/login.tsx');
const Register = screen('src/features/auth/routes/register.tsx');
const ForgetPassword = screen('src/features/auth/routes/forget-password.tsx');
const NotFound = screen('src/app/routes/not-found.tsx');
/** The chat thread the admin's /conversation/{id} shows (read-only). */
const ChatThread = lazy(() =>
  import('@/features/chat/components/chat-thread').then((m) => ({ default: m.ChatThread })),
);

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

/** The route pattern this URL renders with (ranked as useRoutes ranks them: /blog/list is not an article). */
export function matchedRoute(pathname: string): { pattern: string; params: Record<string, string | undefined> } | null {
  const match = matchRoutes(routes, pathname)?.at(-1);
  return match?.route.path ? { pattern: match.route.path, params: match.params } : null;
}

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
