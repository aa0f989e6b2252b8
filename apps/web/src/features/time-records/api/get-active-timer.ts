import type { ActiveTimerResponse, TimeRecord } from '@jornada/shared/schemas/time-records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { timeRecordKeys } from './query-keys';

/** GET /time-records/active: the caller's running timer, or null. The panel shows failures inline. */
export async function getActiveTimer(signal?: AbortSignal): Promise<TimeRecord | null> {
  const response = await api.get<ActiveTimerResponse>('/time-records/active', { signal, toastOnError: false });
  return response.record;
}

export const activeTimerQueryOptions = queryOptions({
  queryKey: timeRecordKeys.active(),
  queryFn: ({ signal }) => getActiveTimer(signal),
  // A timer started or stopped on another phone shows up when this one comes back to the app.
  refetchOnWindowFocus: 'always',
});

/** Only Empleado and Supervisor have timers: pass `enabled: false` for anyone else. */
export function useActiveTimer({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...activeTimerQueryOptions, enabled });
}
