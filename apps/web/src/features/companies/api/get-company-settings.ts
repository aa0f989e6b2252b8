import type { CompanySettingsView } from '@jornada/shared/schemas/company-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const companySettingsQueryKey = ['company-settings'] as const;

/** GET /api/companies/:id/settings: 'Ajustes de fichaje' (fuera de zona, cierre automático). */
export function getCompanySettings(companyId: string, signal?: AbortSignal): Promise<CompanySettingsView> {
  return api.get<CompanySettingsView>(`/companies/${encodeURIComponent(companyId)}/settings`, { signal });
}

export function companySettingsQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: [...companySettingsQueryKey, companyId],
    queryFn: ({ signal }) => getCompanySettings(companyId, signal),
  });
}

export function useCompanySettings(companyId: string) {
  return useQuery(companySettingsQueryOptions(companyId));
}
