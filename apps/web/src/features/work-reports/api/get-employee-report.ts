import type { EmployeeReportDetail } from '@jornada/shared/schemas/work-reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { workReportKeys } from './work-report-keys';

/** GET /employee-reports/:id: the detail dialog (observations, attachments, signature). */
export function getEmployeeReport(id: string, signal?: AbortSignal): Promise<EmployeeReportDetail> {
  return api.get<EmployeeReportDetail>(`/employee-reports/${encodeURIComponent(id)}`, { signal, toastOnError: false });
}

export const employeeReportQueryOptions = (id: string) =>
  queryOptions({ queryKey: workReportKeys.employeeReport(id), queryFn: ({ signal }) => getEmployeeReport(id, signal) });

export function useEmployeeReport(id: string) {
  return useQuery(employeeReportQueryOptions(id));
}
