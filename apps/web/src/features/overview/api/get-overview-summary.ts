import type { OverviewSummary } from '@jornada/shared/schemas/overview';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The four summary cards, scoped to the viewer (their records; their visible events). */
export function getOverviewSummary(signal?: AbortSignal): Promise<OverviewSummary> {
  return api.get<OverviewSummary>('/overview/summary', { signal, toastOnError: false });
}

// Event and clock-in changes invalidate ['overview'] so the cards follow them.
export const overviewSummaryQueryOptions = queryOptions({
  queryKey: ['overview', 'summary'] as const,
  queryFn: ({ signal }) => getOverviewSummary(signal),
});

export function useOverviewSummary() {
  return useQuery(overviewSummaryQueryOptions);
}
