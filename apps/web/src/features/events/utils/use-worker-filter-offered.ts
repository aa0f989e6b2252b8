import { canReachRoute } from '@jornada/shared/permissions';
import { useAuth } from '@/lib/auth';

/**
 * Whether the event lists offer the worker picker. Its choices are the company's assignable staff,
 * which the server gives to whoever may manage events: a supervisor granted only Supervisar Eventos
 * or Eventos Finalizados would get a refusal. An administrator's lists span every company, and the
 * choices are one company's.
 */
export function useWorkerFilterOffered(): boolean {
  const { session, isAdmin } = useAuth();
  if (isAdmin || !session) return false;
  return canReachRoute(session.profile.role, 'manage-events', session.profile.grantedViews);
}
