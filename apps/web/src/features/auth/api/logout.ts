import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { forgetThisBrowserPush } from '@/features/push/lib/forget-this-browser';
import { clearSession } from '@/lib/session';

/** POST /api/auth/logout. */
export function logout(): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/auth/logout', undefined, { toastOnError: false });
}

/**
 * Signs out and goes to '/', this browser's avisos dropped first (they need the session to find
 * the device). A failed call still signs out locally (the spec ignores
 * 401 and 404 on sign-out). The session is cleared after the navigation so the
 * dashboard's route guard does not send the user to /login instead (see RouteGuard).
 * Plain state rather than useMutation: the top bar is on the public pages too, which
 * load no query library (decision record 018).
 */
const FORGET_PUSH_MAX_MS = 3000;

export function useLogout() {
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const mutate = () => {
    setPending(true);
    // Capped: a browser whose push service hangs must not keep the person signed in.
    void Promise.race([forgetThisBrowserPush().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, FORGET_PUSH_MAX_MS))])
      .then(logout)
      .catch(() => undefined)
      .then(async () => {
        await navigate('/', { replace: true });
        clearSession();
        setPending(false);
      });
  };
  return { mutate, isPending };
}
