import type { Company } from '@jornada/shared/schemas/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { timeRecordKeys } from './query-keys';

/** GET /companies, for the administrator's company filter of the time log. */
export function getCompanies(signal?: AbortSignal): Promise<Company[]> {
  return api.get<Company[]>('/companies', { signal });
}

export const companiesQueryOptions = queryOptions({
  queryKey: timeRecordKeys.companies(),
  queryFn: ({ signal }) => getCompanies(signal),
  staleTime: 5 * 60_000,
});

export function useCompanies() {
  return useQuery(companiesQueryOptions);
}
