import type { Company } from '@jornada/shared/schemas/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { liveKeys } from './live-keys';

/** The administrator's 'Empresa' choices (GET /companies). */
export function getCompanyOptions(signal?: AbortSignal): Promise<{ id: string; name: string }[]> {
  return api.get<Company[]>('/companies', { signal }).then((companies) => companies.map(({ id, name }) => ({ id, name })));
}

export const companyOptionsQueryOptions = queryOptions({
  queryKey: liveKeys.companies(),
  queryFn: ({ signal }) => getCompanyOptions(signal),
  staleTime: 5 * 60_000,
});

export function useCompanyOptions(enabled: boolean) {
  return useQuery({ ...companyOptionsQueryOptions, enabled });
}
