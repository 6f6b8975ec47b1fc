/**
 * Routes of SPEC.md §2 as one route list rendered with useRoutes (declarative mode keeps the data
 * router out of the first load); every screen is a React.lazy chunk. Dashboard routes come from
 * features/dashboard/routes.tsx and are mounted at the top level.
 */
import { lazy, type ReactNode, Suspense } from 'react';
import { BrowserRouter, type RouteObject, useRoutes } from 'react-router-dom';
import { PublicLayout } from '../components/layout/public-layout';
import { RequireAuth } from '../components/layout/require-auth';
import { LoadingState } from '../components/ui/loading-state';
import { paths } from '../config/paths';
import { dashboardRoutes } from '../features/dashboard/routes';

const Landing = lazy(() => import('../features/landing/routes/landing'));
const Pharmacies = lazy(() =>
  import('../features/stores/routes/stores-list').then((m) => ({ default: m.PharmaciesRoute })),
);
const Clinics = lazy(() => import('../features/stores/routes/stores-list').then((m) => ({ default: m.ClinicsRoute })));
const Nurseries = lazy(() =>
  import('../features/stores/routes/stores-list').then((m) => ({ default: m.NurseriesRoute })),
);
const Blog = lazy(() => import('../features/posts/routes/blog'));
const Article = lazy(() => import('../features/posts/routes/article'));
const Search = lazy(() => import('../features/search/routes/search'));
const StoreProducts = lazy(() => import('../features/products/routes/store-products'));
const Cart = lazy(() => import('../features/cart/routes/cart'));
const MyOrders = lazy(() => import('../features/orders/routes/my-orders'));
const ChatList = lazy(() => import('../features/chat/routes/chat-list'));
const Chat = lazy(() => import('../features/chat/routes/chat'));
const Login = lazy(() => import('../features/auth/routes/login'));
const Register = lazy(() => import('../features/auth/routes/register'));
const ForgetPassword = lazy(() => import('../features/auth/routes/forget-password'));
const NotFound = lazy(() => import('./routes/not-found'));

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
      {
        element: <RequireAuth />,
        children: [
          { path: paths.cart.path, element: <Cart /> },
          { path: paths.myOrders.path, element: <MyOrders /> },
          { path: paths.chatList.path, element: <ChatList /> },
          { path: paths.chat.path, element: <Chat /> },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
  { path: paths.login.path, element: standalone(<Login />) },
  { path: paths.signup.path, element: standalone(<Register />) },
  { path: paths.createAccount.path, element: standalone(<Register />) },
  { path: paths.forgetPassword.path, element: standalone(<ForgetPassword />) },
  ...dashboardRoutes,
];

function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
