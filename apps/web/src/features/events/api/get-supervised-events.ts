import type { EventPage } from '@jornada/shared/schemas/events';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventKeys, toQueryString } from './event-keys';

/** Supervise events: Activo and Programado, by start. */
export function getSupervisedEvents(cursor: string | undefined, signal?: AbortSignal): Promise<EventPage> {
  return api.get<EventPage>(`/events/supervise${toQueryString({ cursor })}`, { signal });
}

export const supervisedEventsQueryOptions = infiniteQueryOptions({
  queryKey: eventKeys.supervised(),
  queryFn: ({ pageParam, signal }) => getSupervisedEvents(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => page.nextCursor ?? undefined,
});

export function useSupervisedEvents() {
  return useInfiniteQuery(supervisedEventsQueryOptions);
}
