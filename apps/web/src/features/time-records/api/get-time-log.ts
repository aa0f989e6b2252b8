import type { TimeLogResponse } from '@jornada/shared/schemas/time-records';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { timeRecordKeys } from './query-keys';

export const TIME_LOG_PAGE_SIZE = 50;

/** The time log's filters as the API names them (userId, eventId, from, to, q); only those set. */
export type TimeLogFilterParams = Record<string, string>;

/** GET /time-records: one page of the time log, newest first; the cursor continues with older ones. */
export function getTimeLog(
  params: { cursor?: string; companyId: string | null; filters?: TimeLogFilterParams },
  signal?: AbortSignal,
): Promise<TimeLogResponse> {
  const query = new URLSearchParams({ ...params.filters, limit: String(TIME_LOG_PAGE_SIZE) });
  if (params.cursor) query.set('cursor', params.cursor);
  if (params.companyId) query.set('companyId', params.companyId);
  return api.get<TimeLogResponse>(`/time-records?${query}`, { signal, toastOnError: false });
}

export const timeLogQueryOptions = (companyId: string | null, filters: TimeLogFilterParams = {}) =>
  infiniteQueryOptions({
    queryKey: timeRecordKeys.log(companyId, filters),
    queryFn: ({ pageParam, signal }) => getTimeLog({ cursor: pageParam, companyId, filters }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export function useTimeLog(companyId: string | null, filters: TimeLogFilterParams = {}, enabled = true) {
  return useInfiniteQuery({ ...timeLogQueryOptions(companyId, filters), enabled });
}
