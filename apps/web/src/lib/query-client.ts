import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** The session lives in this one query (fed by GET /api/auth/me); null means signed out. */
export const sessionQueryKey = ['session'] as const;

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx answer will not change on retry; network failures and 5xx might.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/**
 * Forgets the signed-in user and everything cached for them. The session query is set
 * to null rather than removed so mounted guards react at once instead of refetching.
 */
export function clearSession() {
  queryClient.setQueryData(sessionQueryKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
}
