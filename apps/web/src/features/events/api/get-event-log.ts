import type { EventPage } from '@jornada/shared/schemas/events';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventKeys, toQueryString } from './event-keys';

/** The event log's filters as the API names them (userId, from, to, q); only those set. */
export type EventLogFilters = Record<string, string>;

/** The event log: finished events, newest end first, filtered on the server. */
export function getEventLog(cursor: string | undefined, filters: EventLogFilters = {}, signal?: AbortSignal): Promise<EventPage> {
  return api.get<EventPage>(`/events/log${toQueryString({ ...filters, cursor })}`, { signal });
}

export const eventLogQueryOptions = (filters: EventLogFilters = {}) =>
  infiniteQueryOptions({
    queryKey: eventKeys.log(filters),
    queryFn: ({ pageParam, signal }) => getEventLog(pageParam, filters, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useEventLog(filters: EventLogFilters = {}, enabled = true) {
  return useInfiniteQuery({ ...eventLogQueryOptions(filters), enabled });
}
