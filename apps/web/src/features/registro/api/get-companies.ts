import type { Company } from '@jornada/shared/schemas/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /companies, for the administrator's company choice. */
const companiesQueryOptions = queryOptions({
  queryKey: ['companies'],
  queryFn: ({ signal }) => api.get<Company[]>('/companies', { signal }),
  staleTime: 5 * 60_000,
});

export function useCompanies(enabled = true) {
  return useQuery({ ...companiesQueryOptions, enabled });
}
