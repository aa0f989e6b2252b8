import type { EventPage } from '@jornada/shared/schemas/events';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventKeys, toQueryString } from './event-keys';

/** The event log: finished events, newest end first. */
export function getEventLog(cursor: string | undefined, signal?: AbortSignal): Promise<EventPage> {
  return api.get<EventPage>(`/events/log${toQueryString({ cursor })}`, { signal });
}

export const eventLogQueryOptions = infiniteQueryOptions({
  queryKey: eventKeys.log(),
  queryFn: ({ pageParam, signal }) => getEventLog(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => page.nextCursor ?? undefined,
});

export function useEventLog() {
  return useInfiniteQuery(eventLogQueryOptions);
}
