import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient, restoreSavedQueries } from './query-client';

/**
 * Settles when the saved answers are in the cache (a start without signal): app/lazy-route.tsx
 * waits for it before the first screen renders. A promise rather than a top-level await, which
 * made the bundler split its runtime out of the entry chunk.
 */
export const savedQueriesRestored: Promise<void> = restoreSavedQueries();

/** The query cache's provider, mounted around lazily loaded screens (see app/lazy-route.tsx). */
export default function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
