import type { Event, EventPage } from '@jornada/shared/schemas/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { timeRecordKeys } from './query-keys';

/**
 * GET /events/shifts?filter=active, kept to the events under way (Activo): those are the ones
 * the user can clock in to. Sorted by start, so the running ones come first in the page.
 */
export async function getClockInShifts(signal?: AbortSignal): Promise<Event[]> {
  const page = await api.get<EventPage>('/events/shifts?filter=active&limit=50', { signal, toastOnError: false });
  return page.items.filter((event) => event.status === 'Activo');
}

export const clockInShiftsQueryOptions = queryOptions({
  queryKey: timeRecordKeys.clockInShifts(),
  queryFn: ({ signal }) => getClockInShifts(signal),
  // Status follows the clock: a shift that starts while the panel is open appears within a minute.
  refetchInterval: 60_000,
});

export function useClockInShifts() {
  return useQuery(clockInShiftsQueryOptions);
}
