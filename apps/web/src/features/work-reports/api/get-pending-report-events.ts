import type { PendingReportEventPage } from '@jornada/shared/schemas/work-reports';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pageParams, workReportKeys } from './work-report-keys';

/** GET /work-reports/pending: the user's finished events without a report, newest first. */
export function getPendingReportEvents(cursor: string | undefined, signal?: AbortSignal): Promise<PendingReportEventPage> {
  return api.get<PendingReportEventPage>(`/work-reports/pending?${pageParams(cursor)}`, { signal, toastOnError: false });
}

export const pendingReportEventsQueryOptions = infiniteQueryOptions({
  queryKey: workReportKeys.pending(),
  queryFn: ({ pageParam, signal }) => getPendingReportEvents(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => page.nextCursor ?? undefined,
});

export function usePendingReportEvents() {
  return useInfiniteQuery(pendingReportEventsQueryOptions);
}
