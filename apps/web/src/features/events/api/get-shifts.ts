import type { EventPage } from '@jornada/shared/schemas/events';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventKeys, toQueryString } from './event-keys';

/** Mis Turnos: 'active' is Programado and Activo by start; 'finished' is Finalizado, newest first. */
export type ShiftFilter = 'active' | 'finished';

/** Spec section 2 screen 5: the default is 'active'; any other value lists finished shifts. */
export function shiftFilterOf(value: string | null): ShiftFilter {
  return (value ?? 'active') === 'active' ? 'active' : 'finished';
}

export function getShifts(filter: ShiftFilter, cursor: string | undefined, signal?: AbortSignal): Promise<EventPage> {
  return api.get<EventPage>(`/events/shifts${toQueryString({ filter, cursor })}`, { signal });
}

export function shiftsQueryOptions(filter: ShiftFilter) {
  return infiniteQueryOptions({
    queryKey: eventKeys.shifts(filter),
    queryFn: ({ pageParam, signal }) => getShifts(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useShifts(filter: ShiftFilter) {
  return useInfiniteQuery(shiftsQueryOptions(filter));
}
