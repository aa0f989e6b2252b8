import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { onUserChange } from './session';

/*
 * Loaded with the dashboard (and any screen that fetches), never by the landing and
 * login pages: the session itself lives in ./session (decision record 018).
 */

/** Kept for predicates that skip "the session" when invalidating; no query uses it any more. */
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

// Signing out, an expired session or another user signing in: nothing cached may survive.
onUserChange(() => queryClient.clear());
