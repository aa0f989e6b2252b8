import type { CompanyRole } from '@jornada/shared/schemas/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/employees/roles: the roles the company's people may hold, Supervisor and Empleado and the
 * custom roles assigned to it (decision 043). A supervisor always gets their own company's; an
 * administrator names one (no company: nothing to ask).
 */
export function companyRolesQueryOptions(companyId: string | null) {
  return queryOptions({
    queryKey: ['roles', 'company', companyId ?? 'own'],
    queryFn: ({ signal }) => api.get<CompanyRole[]>(`/employees/roles${companyId ? `?companyId=${encodeURIComponent(companyId)}` : ''}`, { signal }),
  });
}

export function useCompanyRoles(companyId: string | null, enabled = true) {
  return useQuery({ ...companyRolesQueryOptions(companyId), enabled });
}
