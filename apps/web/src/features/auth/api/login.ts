import type { LoginRequest, SessionResponse } from '@jornada/shared/schemas/auth';
import { useCallback, useState } from 'react';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { setSession } from '@/lib/session';

/** POST /api/auth/login. The login form shows failures itself, so no toast is raised. */
export async function login(credentials: LoginRequest): Promise<SessionResponse> {
  const session = await api.post<SessionResponse>('/auth/login', credentials, { toastOnError: false });
  // Spec section 5: an answer without both user and profile is a failed sign-in.
  if (!session?.user || !session.profile) {
    throw new ApiError('INVALID_CREDENTIALS', '', 200, false);
  }
  return session;
}

type LoginStatus = { state: 'idle' | 'pending' | 'success' } | { state: 'error'; error: unknown };

/*
 * A hand-rolled mutation hook rather than TanStack Query's useMutation: the login page is
 * part of the first visit, which loads no query library (decision record 018).
 */
export function useLogin() {
  const [status, setStatus] = useState<LoginStatus>({ state: 'idle' });

  const mutate = useCallback((credentials: LoginRequest, options?: { onSuccess?: (session: SessionResponse) => void }) => {
    setStatus({ state: 'pending' });
    login(credentials).then(
      (session) => {
        setStatus({ state: 'success' });
        options?.onSuccess?.(session);
        // Storing the session drops anything cached for a previous user and lets the page redirect.
        setSession(session);
      },
      (error: unknown) => setStatus({ state: 'error', error }),
    );
  }, []);

  const reset = useCallback(() => setStatus({ state: 'idle' }), []);

  return {
    mutate,
    reset,
    isPending: status.state === 'pending',
    isError: status.state === 'error',
    error: status.state === 'error' ? status.error : null,
  };
}
