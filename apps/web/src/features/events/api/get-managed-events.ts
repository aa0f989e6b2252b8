import { dayStartInstant, nextPlainDay } from '@jornada/shared/format';
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

/** The list filters as the screen keeps them (userId, from, to as calendar days, q); only those set. */
export type ManagedEventFilters = Record<string, string>;

/**
 * This API takes instants for the start range: the days become the start of 'from' and the start
 * of the day after 'to' in the company time zone, both days included, as on the other event lists.
 */
function apiFilters({ from, to, ...rest }: ManagedEventFilters): Record<string, string | undefined> {
  return {
    ...rest,
    from: from ? dayStartInstant(from).toISOString() : undefined,
    to: to ? dayStartInstant(nextPlainDay(to)).toISOString() : undefined,
  };
}

export function getManagedEvents(filter: ManageFilter, cursor: string | undefined, filters: ManagedEventFilters = {}, signal?: AbortSignal): Promise<EventPage> {
  return api.get<EventPage>(`/events${toQueryString({ ...apiFilters(filters), status: statusesOf[filter], cursor })}`, { signal });
}

export function managedEventsQueryOptions(filter: ManageFilter, filters: ManagedEventFilters = {}) {
  return infiniteQueryOptions({
    queryKey: eventKeys.managed(statusesOf[filter], filters),
    queryFn: ({ pageParam, signal }) => getManagedEvents(filter, pageParam, filters, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useManagedEvents(filter: ManageFilter, filters: ManagedEventFilters = {}, enabled = true) {
  return useInfiniteQuery({ ...managedEventsQueryOptions(filter, filters), enabled });
}
