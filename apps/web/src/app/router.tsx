import { dashboardRoutes, type DashboardRouteName } from '@jornada/shared/permissions';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { lazyPage, lightPage, toDeclarativeRoutes } from './lazy-route';
import { PublicLayout } from './public-layout';
import { RouteError } from './route-error';
import { RouteGuard } from './route-guard';

/*
 * Every screen is a lazy chunk. Landing and login use lightPage: they are the first
 * visit, whose JavaScript budget (100 KB gzipped, `npm run size`) leaves out the query
 * library; any other lazy page gets the query cache with its chunk.
 */

/*
 * The screens' table (dashboard-pages.ts, with the preload list of every screen's chunks) is a
 * chunk of its own, fetched with the dashboard layout: it grows with each screen and is no use
 * to the landing and login pages.
 */
const loadDashboardPages = () => import('./dashboard-pages');
const dashboardPage = (name: DashboardRouteName) => async () => (await loadDashboardPages()).dashboardPages[name]();

const dashboardChildren: RouteObject[] = dashboardRoutes.map(({ name }) => ({
  path: name,
  element: <RouteGuard routeName={name} />,
  children: [{ index: true, lazy: lazyPage(dashboardPage(name)) }],
}));

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, lazy: lightPage(() => import('@/features/landing/routes/landing')) },
          { path: 'login', lazy: lightPage(() => import('@/features/auth/routes/login')) },
          // One-time links from mails (decision 039): signed out, light like the login page.
          { path: 'recuperar-contrasena', lazy: lightPage(() => import('@/features/account-links/routes/forgot-password')) },
          { path: 'restablecer-contrasena', lazy: lightPage(() => import('@/features/account-links/routes/reset-password')) },
          { path: 'crear-contrasena', lazy: lightPage(() => import('@/features/account-links/routes/accept-invitation')) },
          { path: 'confirmar-correo', lazy: lightPage(() => import('@/features/account-links/routes/confirm-email')) },
        ],
      },
      // An Inspection access link (decision 014): no session, its own plain layout.
      { path: 'acceso/:token', lazy: lazyPage(() => import('@/features/access-links/routes/public-access')) },
      {
        path: 'dashboard',
        element: <RouteGuard />,
        children: [
          {
            lazy: lazyPage(async () => (await Promise.all([import('./dashboard-layout'), loadDashboardPages()]))[0]),
            children: [{ index: true, element: <Navigate to="overview" replace /> }, ...dashboardChildren],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

const declarativeRoutes = toDeclarativeRoutes(routes);

/** The app's routes, rendered inside <BrowserRouter> (declarative mode; see lazy-route.tsx). */
export function AppRoutes() {
  return useRoutes(declarativeRoutes);
}
