import type { ClockableEvent } from '@jornada/shared/schemas/time-records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { timeRecordKeys } from './query-keys';

/**
 * GET /time-records/clockable-events: the caller's assigned events under way, the ones they can
 * clock in to. It does not depend on the 'shifts' view, so a company that hides Mis Turnos still
 * lets its people clock in.
 */
export async function getClockInShifts(signal?: AbortSignal): Promise<ClockableEvent[]> {
  const page = await api.get<{ items: ClockableEvent[] }>('/time-records/clockable-events', { signal, toastOnError: false });
  return page.items;
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
