import { Clock, LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { useLogout } from '@/features/auth/api/logout';
import { useAuth } from '@/lib/auth';

interface SignedInActionsProps {
  name: string;
  role: string;
  companyName: string | null;
}

function SignedInActions({ name, role, companyName }: SignedInActionsProps) {
  const logout = useLogout();
  return (
    <>
      <p className="min-w-0 text-right leading-tight">
        <span className="block truncate text-sm font-medium">Hola, {name}</span>
        <span className="block truncate text-xs text-blue-200">
          {role}
          {companyName && <span className="hidden sm:inline"> · {companyName}</span>}
        </span>
      </p>
      <Button
        variant="inverse-ghost"
        size="sm"
        className="min-w-11"
        onClick={() => logout.mutate()}
        disabled={logout.isPending}
      >
        <LogOut aria-hidden="true" />
        {/* Icon only on phones, but the accessible name stays 'Cerrar Sesión'. */}
        <span className="sr-only sm:not-sr-only">Cerrar Sesión</span>
      </Button>
    </>
  );
}

function SignedOutLinks() {
  return (
    <nav aria-label="Principal" className="flex items-center gap-1">
      <Link to="/" className={buttonClasses('inverse-ghost', 'sm')}>
        Inicio
      </Link>
      <Link to="/login" className={buttonClasses('inverse-ghost', 'sm')}>
        Iniciar Sesión
      </Link>
    </nav>
  );
}

/**
 * The top bar of every page: logo, then the user and sign-out, or the public links. `actions` go
 * before the user (the dashboard's notification bell, kept out of the public pages' bundle).
 */
export function TopBar({ leading, actions }: { leading?: ReactNode; actions?: ReactNode }) {
  const { session, isLoading } = useAuth();

  return (
    <header className="sticky top-0 z-40 h-16 bg-navy text-white shadow-md">
      <div className="flex h-full items-center gap-1 px-2 sm:gap-2 sm:px-4">
        {leading}
        <Link
          to={session ? '/dashboard' : '/'}
          className="flex h-11 shrink-0 items-center gap-2 rounded-md px-2 text-lg font-bold tracking-tight focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-white/10" aria-hidden="true">
            <Clock className="size-5 text-blue-200" />
          </span>
          Jornada
        </Link>
        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-3">
          {/* Nothing while the session loads, so signed-in users never see the public links flash. */}
          {session && actions}
          {isLoading ? null : session ? (
            <SignedInActions
              name={session.profile.name || session.user.username}
              role={session.profile.roleName}
              companyName={session.profile.companyName}
            />
          ) : (
            <SignedOutLinks />
          )}
        </div>
      </div>
    </header>
  );
}
