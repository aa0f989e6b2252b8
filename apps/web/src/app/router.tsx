import { dashboardRoutes } from '@jornada/shared/permissions';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { dashboardPages, type PageModule } from './dashboard-pages';
import { PublicLayout } from './public-layout';
import { RouteError } from './route-error';
import { RouteGuard } from './route-guard';

/** Turns a screen module's default export into a lazy route, so each screen is its own chunk. */
function lazyPage(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

const dashboardChildren: RouteObject[] = dashboardRoutes.map(({ name }) => ({
  path: name,
  element: <RouteGuard routeName={name} />,
  children: [{ index: true, lazy: lazyPage(dashboardPages[name]) }],
}));

export const router = createBrowserRouter([
  {
    path: '/',
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, lazy: lazyPage(() => import('@/features/landing/routes/landing')) },
          { path: 'login', lazy: lazyPage(() => import('@/features/auth/routes/login')) },
        ],
      },
      {
        path: 'dashboard',
        element: <RouteGuard />,
        children: [
          {
            lazy: lazyPage(() => import('./dashboard-layout')),
            children: [{ index: true, element: <Navigate to="overview" replace /> }, ...dashboardChildren],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
