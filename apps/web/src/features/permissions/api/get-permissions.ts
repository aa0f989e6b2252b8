import type { CompanyPermissions } from '@jornada/shared/schemas/permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const permissionsQueryKey = ['permissions'] as const;

/** GET /api/permissions/:companyId: the company's non-admin roles and the views each is granted. */
export function getPermissions(companyId: string, signal?: AbortSignal): Promise<CompanyPermissions> {
  return api.get<CompanyPermissions>(`/permissions/${encodeURIComponent(companyId)}`, { signal });
}

export function permissionsQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: [...permissionsQueryKey, companyId],
    queryFn: ({ signal }) => getPermissions(companyId, signal),
  });
}

export function usePermissions(companyId: string) {
  return useQuery({ ...permissionsQueryOptions(companyId), enabled: companyId !== '' });
}
