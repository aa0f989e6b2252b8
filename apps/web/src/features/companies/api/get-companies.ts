import type { Company } from '@jornada/shared/schemas/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const companiesQueryKey = ['companies'] as const;

/** GET /api/companies: every company for an administrator, by name. */
export function getCompanies(signal?: AbortSignal): Promise<Company[]> {
  return api.get<Company[]>('/companies', { signal });
}

export const companiesQueryOptions = queryOptions({
  queryKey: companiesQueryKey,
  queryFn: ({ signal }) => getCompanies(signal),
});

export function useCompanies() {
  return useQuery(companiesQueryOptions);
}
