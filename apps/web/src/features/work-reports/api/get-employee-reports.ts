import type { EmployeeReportPage } from '@jornada/shared/schemas/work-reports';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pageParams, workReportKeys } from './work-report-keys';

/** The list's filters as the API names them (userId, eventId, from, to, q); only those set. */
export type EmployeeReportFilters = Record<string, string>;

/** GET /employee-reports: the company's reports (every company's for an administrator), newest first, filtered on the server. */
export function getEmployeeReports(cursor: string | undefined, filters: EmployeeReportFilters = {}, signal?: AbortSignal): Promise<EmployeeReportPage> {
  const params = pageParams(cursor);
  for (const [key, value] of Object.entries(filters)) params.set(key, value);
  return api.get<EmployeeReportPage>(`/employee-reports?${params}`, { signal, toastOnError: false });
}

export const employeeReportsQueryOptions = (filters: EmployeeReportFilters = {}) =>
  infiniteQueryOptions({
    queryKey: workReportKeys.employeeReports(filters),
    queryFn: ({ pageParam, signal }) => getEmployeeReports(pageParam, filters, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useEmployeeReports(filters: EmployeeReportFilters = {}, enabled = true) {
  return useInfiniteQuery({ ...employeeReportsQueryOptions(filters), enabled });
}
