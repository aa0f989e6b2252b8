import type { LoginRequest, SessionResponse } from '@jornada/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { queryClient, sessionQueryKey } from '@/lib/query-client';

/** POST /api/auth/login. The login form shows failures itself, so no toast is raised. */
export async function login(credentials: LoginRequest): Promise<SessionResponse> {
  const session = await api.post<SessionResponse>('/auth/login', credentials, { toastOnError: false });
  // Spec section 5: an answer without both user and profile is a failed sign-in.
  if (!session?.user || !session.profile) {
    throw new ApiError('INVALID_CREDENTIALS', '', 200, false);
  }
  return session;
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      // Drop anything cached for a previous user before the new session becomes visible.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, session);
    },
  });
}
