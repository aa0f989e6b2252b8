import type { EmployeeReportFilterOptions } from '@jornada/shared/schemas/work-reports';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { workReportKeys } from './work-report-keys';

/** GET /employee-reports/filter-options: the people and events that have reports in the caller's company. */
export function getReportFilterOptions(signal?: AbortSignal): Promise<EmployeeReportFilterOptions> {
  return api.get<EmployeeReportFilterOptions>('/employee-reports/filter-options', { signal, toastOnError: false });
}

/** Under the feature's root key, so a new report also refreshes the choices. */
export function useReportFilterOptions(enabled: boolean) {
  return useQuery({ queryKey: workReportKeys.filterOptions(), queryFn: ({ signal }) => getReportFilterOptions(signal), staleTime: 60_000, enabled });
}
