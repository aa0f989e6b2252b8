import type { LoginRequest, SessionResponse } from '@jornada/shared/schemas/auth';
import type { LoginResponse, TwoFactorChallenge } from '@jornada/shared/schemas/two-factor';
import { useCallback, useState } from 'react';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { setSession } from '@/lib/session';

/** POST /api/auth/login: a session, or the second step's challenge (decision 055). The form shows failures. */
export async function login(credentials: LoginRequest): Promise<LoginResponse> {
  const answer = await api.post<LoginResponse>('/auth/login', credentials, { toastOnError: false });
  if (answer && 'twoFactor' in answer && answer.twoFactor?.pendingToken) return answer;
  // Spec section 5: an answer without both user and profile is a failed sign-in.
  const session = answer as SessionResponse | undefined;
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

  const mutate = useCallback(
    (credentials: LoginRequest, options?: { onSuccess?: (session: SessionResponse) => void; onChallenge?: (challenge: TwoFactorChallenge['twoFactor']) => void }) => {
      setStatus({ state: 'pending' });
      login(credentials).then(
        (answer) => {
          setStatus({ state: 'success' });
          if ('twoFactor' in answer) return options?.onChallenge?.(answer.twoFactor);
          options?.onSuccess?.(answer);
          // Storing the session drops anything cached for a previous user and lets the page redirect.
          setSession(answer);
        },
        (error: unknown) => setStatus({ state: 'error', error }),
      );
    },
    [],
  );

  const reset = useCallback(() => setStatus({ state: 'idle' }), []);

  return {
    mutate,
    reset,
    isPending: status.state === 'pending',
    isError: status.state === 'error',
    error: status.state === 'error' ? status.error : null,
  };
}
