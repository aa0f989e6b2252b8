import type { MyRecordsResponse } from '@jornada/shared/schemas/time-records';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { timeRecordKeys } from './query-keys';

// A month of shifts fits easily; the server caps the answer at 500.
const MONTH_LIMIT = 500;

/** GET /my-hours?month=yyyy-MM: the month's records (company time zone) and its completed minutes. The screen shows failures inline. */
export function getMyHours(month: string, signal?: AbortSignal): Promise<MyRecordsResponse> {
  const query = new URLSearchParams({ month, limit: String(MONTH_LIMIT) });
  return api.get<MyRecordsResponse>(`/my-hours?${query}`, { signal, toastOnError: false });
}

export const myHoursQueryOptions = (month: string) =>
  queryOptions({
    queryKey: timeRecordKeys.myHours(month),
    queryFn: ({ signal }) => getMyHours(month, signal),
    // Keep the previous month on screen while the next one loads: no layout jump on the arrows.
    placeholderData: keepPreviousData,
  });

export function useMyHours(month: string) {
  return useQuery(myHoursQueryOptions(month));
}
