import type { Company } from '@jornada/shared/schemas/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/companies. The same query key as features/companies, so both share one cache entry. */
export const companiesQueryOptions = queryOptions({
  queryKey: ['companies'],
  queryFn: ({ signal }) => api.get<Company[]>('/companies', { signal }),
});

export function useCompanies() {
  return useQuery(companiesQueryOptions);
}
