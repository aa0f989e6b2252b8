import type { TimeLogFilterOptions } from '@jornada/shared/schemas/time-records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { timeRecordKeys } from './query-keys';

/** GET /time-records/filter-options: the people and recent events the time log can be filtered by. */
export function getTimeLogFilterOptions(companyId: string | null, signal?: AbortSignal): Promise<TimeLogFilterOptions> {
  const query = companyId ? `?${new URLSearchParams({ companyId })}` : '';
  return api.get<TimeLogFilterOptions>(`/time-records/filter-options${query}`, { signal, toastOnError: false });
}

export function useTimeLogFilterOptions(companyId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: timeRecordKeys.logFilterOptions(companyId),
      queryFn: ({ signal }) => getTimeLogFilterOptions(companyId, signal),
      staleTime: 60_000,
    }),
  );
}
