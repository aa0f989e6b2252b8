import { canReachRoute } from '@jornada/shared/permissions';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';

/**
 * Guards dashboard routes (spec section 2). Without `routeName` it only requires a
 * session; with it, the role and the company's granted views must also allow the route.
 */
export function RouteGuard({ routeName }: { routeName?: string }) {
  const { session, isLoading } = useAuth();
  const location = useLocation();

  if (isLoading) return <FullScreenSpinner />;
  // Signing out navigates to '/' and then clears the session. The router has already
  // left the dashboard, but React may not have committed the new page yet: render
  // nothing rather than redirect this stale tree to /login.
  if (!session && !window.location.pathname.startsWith('/dashboard')) return null;
  if (!session) {
    const from = location.pathname + location.search;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  if (routeName && !canReachRoute(session.profile.role, routeName, session.profile.grantedViews)) {
    return <Navigate to="/dashboard/overview" replace />;
  }
  return <Outlet />;
}
