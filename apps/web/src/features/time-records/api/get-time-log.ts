import type { TimeLogResponse } from '@jornada/shared/schemas/time-records';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { timeRecordKeys } from './query-keys';

export const TIME_LOG_PAGE_SIZE = 50;

/** GET /time-records: one page of the time log, newest first; the cursor continues with older ones. */
export function getTimeLog(params: { cursor?: string; companyId: string | null }, signal?: AbortSignal): Promise<TimeLogResponse> {
  const query = new URLSearchParams({ limit: String(TIME_LOG_PAGE_SIZE) });
  if (params.cursor) query.set('cursor', params.cursor);
  if (params.companyId) query.set('companyId', params.companyId);
  return api.get<TimeLogResponse>(`/time-records?${query}`, { signal, toastOnError: false });
}

export const timeLogQueryOptions = (companyId: string | null) =>
  infiniteQueryOptions({
    queryKey: timeRecordKeys.log(companyId),
    queryFn: ({ pageParam, signal }) => getTimeLog({ cursor: pageParam, companyId }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export function useTimeLog(companyId: string | null) {
  return useInfiniteQuery(timeLogQueryOptions(companyId));
}
