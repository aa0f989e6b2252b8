import type { EventPage } from '@jornada/shared/schemas/events';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventKeys, toQueryString } from './event-keys';

/**
 * The manage-events filter. Status follows time (decision 1), so 'Programado' also lists the
 * events running now (Activo): they are not finished yet and may need 'Finalizar ahora'.
 */
export type ManageFilter = 'Programado' | 'Finalizado';
const statusesOf: Record<ManageFilter, string> = { Programado: 'Programado,Activo', Finalizado: 'Finalizado' };

export function getManagedEvents(filter: ManageFilter, cursor: string | undefined, signal?: AbortSignal): Promise<EventPage> {
  return api.get<EventPage>(`/events${toQueryString({ status: statusesOf[filter], cursor })}`, { signal });
}

export function managedEventsQueryOptions(filter: ManageFilter) {
  return infiniteQueryOptions({
    queryKey: eventKeys.managed(statusesOf[filter]),
    queryFn: ({ pageParam, signal }) => getManagedEvents(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useManagedEvents(filter: ManageFilter) {
  return useInfiniteQuery(managedEventsQueryOptions(filter));
}
