import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { clearSession } from '@/lib/query-client';

/** POST /api/auth/logout. */
export function logout(): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/auth/logout', undefined, { toastOnError: false });
}

/**
 * Signs out and goes to '/'. A failed call still signs out locally (the spec ignores
 * 401 and 404 on sign-out). The session is cleared after the navigation so the
 * dashboard's route guard does not send the user to /login instead (see RouteGuard).
 */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => logout().catch(() => undefined),
    onSettled: async () => {
      await navigate('/', { replace: true });
      clearSession();
    },
  });
}
