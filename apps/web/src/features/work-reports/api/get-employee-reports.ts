import type { EmployeeReportPage } from '@jornada/shared/schemas/work-reports';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pageParams, workReportKeys } from './work-report-keys';

/** GET /employee-reports: the company's reports (every company's for an administrator), newest first. */
export function getEmployeeReports(cursor: string | undefined, signal?: AbortSignal): Promise<EmployeeReportPage> {
  return api.get<EmployeeReportPage>(`/employee-reports?${pageParams(cursor)}`, { signal, toastOnError: false });
}

export const employeeReportsQueryOptions = infiniteQueryOptions({
  queryKey: workReportKeys.employeeReports(),
  queryFn: ({ pageParam, signal }) => getEmployeeReports(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => page.nextCursor ?? undefined,
});

export function useEmployeeReports() {
  return useInfiniteQuery(employeeReportsQueryOptions);
}
