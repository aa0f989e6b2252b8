import type { Company } from '@jornada/shared/schemas/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/*
 * The web app's one companies query (issue 22). It sits below the features because many of them
 * list or pick companies, and the companies feature itself reads other features' data (roles,
 * categories): living there it would invite a cycle. One key means one cache entry, so
 * invalidating companiesQueryKey after a create, rename or delete refreshes every screen.
 */
export const companiesQueryKey = ['companies'] as const;

/** GET /api/companies: every company for an administrator, by name; anyone else gets their own. */
export function getCompanies(signal?: AbortSignal): Promise<Company[]> {
  return api.get<Company[]>('/companies', { signal });
}

const companiesQueryOptions = queryOptions({
  queryKey: companiesQueryKey,
  queryFn: ({ signal }) => getCompanies(signal),
});

/** `enabled: false` where only an administrator's screen needs the list (everyone else has one company). */
export function useCompanies(enabled = true) {
  return useQuery({ ...companiesQueryOptions, enabled });
}
