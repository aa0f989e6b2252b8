import type { RoleName } from '@jornada/shared/permissions';
import type { SessionResponse } from '@jornada/shared/schemas/auth';
import { api } from './api-client';
import { isApiError } from './api-error';
import { setSessionFetcher, useSessionState } from './session';

/*
 * The session lives here, in lib, rather than in features/auth: the app shell and every
 * feature read it, and features may not import one another.
 */

/** GET /api/auth/me; a 401 means "signed out" and resolves to null instead of failing. */
export async function getMe(signal?: AbortSignal): Promise<SessionResponse | null> {
  try {
    const session = await api.get<SessionResponse>('/auth/me', { signal, toastOnError: false });
    // The spec treats an answer without both parts as no session at all.
    return session?.user && session.profile ? session : null;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

setSessionFetcher(getMe);

/** The session: `data` is the signed-in user and profile, or null when signed out. */
export function useSession(): { data: SessionResponse | null; isPending: boolean } {
  const { session, isLoading } = useSessionState();
  return { data: session, isPending: isLoading };
}

export interface Auth {
  session: SessionResponse | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  role: RoleName | null;
  isAdmin: boolean;
  isSupervisor: boolean;
  isEmployee: boolean;
}

/** The session plus the spec's derived flags (section 4). A failed /me counts as signed out. */
export function useAuth(): Auth {
  const { session, isLoading } = useSessionState();
  const role = session?.profile.role ?? null;
  return {
    session,
    isLoading,
    isAuthenticated: session !== null,
    role,
    isAdmin: role === 'Administrador',
    isSupervisor: role === 'Supervisor',
    isEmployee: role === 'Empleado',
  };
}

/**
 * The signed-in session, for screens behind the route guard (which guarantees it).
 * Throws if used elsewhere, as the spec's auth hook does outside its provider.
 */
export function useCurrentSession(): SessionResponse {
  const { session } = useSessionState();
  if (!session) throw new Error('useCurrentSession must be used inside the dashboard route guard.');
  return session;
}
