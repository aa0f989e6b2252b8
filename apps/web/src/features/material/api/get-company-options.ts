import type { Company } from '@jornada/shared/schemas/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The administrator's 'Empresa' choices (GET /companies is admin only). */
export function getCompanyOptions(signal?: AbortSignal): Promise<{ id: string; name: string }[]> {
  return api.get<Company[]>('/companies', { signal }).then((companies) => companies.map(({ id, name }) => ({ id, name })));
}

// Under 'companies' so that the companies screen's invalidations refresh these options too.
export const companyOptionsQueryOptions = queryOptions({
  queryKey: ['companies', 'material-options'] as const,
  queryFn: ({ signal }) => getCompanyOptions(signal),
});

export function useCompanyOptions(enabled: boolean) {
  return useQuery({ ...companyOptionsQueryOptions, enabled });
}
