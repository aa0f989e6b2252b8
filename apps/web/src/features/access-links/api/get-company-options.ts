import type { Company } from '@jornada/shared/schemas/companies';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The administrator's 'Empresa' choices (GET /companies is admin only). */
export function getCompanyOptions(signal?: AbortSignal): Promise<{ id: string; name: string }[]> {
  return api.get<Company[]>('/companies', { signal }).then((companies) => companies.map(({ id, name }) => ({ id, name })));
}

export function useCompanyOptions(enabled: boolean) {
  // Under 'companies' so that the companies screen's invalidations refresh these options too.
  return useQuery({ queryKey: ['companies', 'access-link-options'] as const, queryFn: ({ signal }) => getCompanyOptions(signal), enabled });
}
