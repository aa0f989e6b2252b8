import type { EventPage } from '@jornada/shared/schemas/events';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventKeys, toQueryString } from './event-keys';

/** Supervise events' filters as the API names them (userId, from, to, q); only those set. */
export type SupervisedEventFilters = Record<string, string>;

/** Supervise events: Activo and Programado, by start, filtered on the server. */
export function getSupervisedEvents(cursor: string | undefined, filters: SupervisedEventFilters = {}, signal?: AbortSignal): Promise<EventPage> {
  return api.get<EventPage>(`/events/supervise${toQueryString({ ...filters, cursor })}`, { signal });
}

export const supervisedEventsQueryOptions = (filters: SupervisedEventFilters = {}) =>
  infiniteQueryOptions({
    queryKey: eventKeys.supervised(filters),
    queryFn: ({ pageParam, signal }) => getSupervisedEvents(pageParam, filters, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useSupervisedEvents(filters: SupervisedEventFilters = {}, enabled = true) {
  return useInfiniteQuery({ ...supervisedEventsQueryOptions(filters), enabled });
}
