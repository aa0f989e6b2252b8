import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { dismissRedirectToast } from '@/features/auth/utils/redirect-toast';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { OfflinePunchNotices } from '@/features/time-records/components/running-shift';
import { OfflineBanner } from '@/components/pwa/offline-banner';
import { useCurrentSession } from '@/lib/auth';
import { MobileMenuButton, MobileSidebar } from './mobile-sidebar';
import { SidebarNav } from './sidebar-nav';
import { TopBar } from './top-bar';

const DESKTOP_QUERY = '(min-width: 1024px)';

/** Keeps the drawer closed once the viewport is wide enough for the fixed sidebar. */
function useCloseOnDesktop(setOpen: (open: boolean) => void) {
  useEffect(() => {
    const query = window.matchMedia(DESKTOP_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setOpen(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [setOpen]);
}

export default function DashboardLayout() {
  const { user, profile } = useCurrentSession();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useCloseOnDesktop(setMenuOpen);
  // Arrived on the dashboard: the login's 'Redirigiendo...' has done its job.
  useEffect(() => {
    dismissRedirectToast();
  }, []);

  // The drawer closes on every route change, however it happened.
  const currentPath = location.pathname + location.search;
  const [lastPath, setLastPath] = useState(currentPath);
  if (lastPath !== currentPath) {
    setLastPath(currentPath);
    setMenuOpen(false);
  }

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-navy focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Saltar al contenido
      </a>
      <DialogPrimitive.Root open={menuOpen} onOpenChange={setMenuOpen}>
        {/* The platform Administrador belongs to no company and has no notifications (decision 033). */}
        <TopBar leading={<MobileMenuButton />} actions={profile.role === 'Administrador' ? undefined : <NotificationBell />} />
        <MobileSidebar
          role={profile.role}
          roleName={profile.roleName}
          grantedViews={profile.grantedViews}
          displayName={profile.name || user.username}
          companyName={profile.companyName}
        />
      </DialogPrimitive.Root>
      <aside className="fixed top-16 bottom-0 left-0 z-30 hidden w-64 border-r border-border bg-card lg:flex lg:flex-col">
        <SidebarNav role={profile.role} grantedViews={profile.grantedViews} />
      </aside>
      <main id="main" tabIndex={-1} className="outline-none lg:pl-64">
        <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <OfflineBanner />
          {/* Only people who clock in have punches queued offline to send and refusals to read. */}
          {(profile.role === 'Empleado' || profile.role === 'Supervisor') && <OfflinePunchNotices />}
          <Outlet />
        </div>
      </main>
    </div>
  );
}
