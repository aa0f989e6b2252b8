import type { MyRecordsResponse } from '@jornada/shared/schemas/time-records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { timeRecordKeys } from './query-keys';

export const RECENT_RECORDS_LIMIT = 5;

/** GET /time-records/mine: the caller's latest records, newest first, for the clock-in panel. */
export function getMyRecords(signal?: AbortSignal): Promise<MyRecordsResponse> {
  return api.get<MyRecordsResponse>(`/time-records/mine?limit=${RECENT_RECORDS_LIMIT}`, { signal, toastOnError: false });
}

export const myRecordsQueryOptions = queryOptions({
  queryKey: timeRecordKeys.mine(),
  queryFn: ({ signal }) => getMyRecords(signal),
});

export function useMyRecords() {
  return useQuery(myRecordsQueryOptions);
}
