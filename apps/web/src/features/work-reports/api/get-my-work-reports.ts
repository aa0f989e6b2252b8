import type { MyWorkReportPage } from '@jornada/shared/schemas/work-reports';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pageParams, workReportKeys } from './work-report-keys';

/** GET /work-reports: the user's generated reports, newest first. */
export function getMyWorkReports(cursor: string | undefined, signal?: AbortSignal): Promise<MyWorkReportPage> {
  return api.get<MyWorkReportPage>(`/work-reports?${pageParams(cursor)}`, { signal, toastOnError: false });
}

export const myWorkReportsQueryOptions = infiniteQueryOptions({
  queryKey: workReportKeys.mine(),
  queryFn: ({ pageParam, signal }) => getMyWorkReports(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => page.nextCursor ?? undefined,
});

export function useMyWorkReports() {
  return useInfiniteQuery(myWorkReportsQueryOptions);
}
