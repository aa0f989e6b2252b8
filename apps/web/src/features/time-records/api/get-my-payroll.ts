import type { MyPayrollResponse } from '@jornada/shared/schemas/payroll';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { timeRecordKeys } from './query-keys';

/** GET /payroll/mine?month=yyyy-MM: the caller's own line of the month's payroll sheet. The screen shows failures inline. */
export function getMyPayroll(month: string, signal?: AbortSignal): Promise<MyPayrollResponse> {
  return api.get<MyPayrollResponse>(`/payroll/mine?${new URLSearchParams({ month })}`, { signal, toastOnError: false });
}

// Under the time-records root, so a clock-out or an approved correction recomputes it too.
export const myPayrollQueryOptions = (month: string) =>
  queryOptions({
    queryKey: timeRecordKeys.myPayroll(month),
    queryFn: ({ signal }) => getMyPayroll(month, signal),
    placeholderData: keepPreviousData,
  });

export function useMyPayroll(month: string, enabled: boolean) {
  return useQuery({ ...myPayrollQueryOptions(month), enabled });
}
