import type { CompanySettingsView, UpdateCompanySettingsRequest } from '@jornada/shared/schemas/company-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companySettingsQueryKey } from './get-company-settings';

/** PUT /api/companies/:id/settings: the whole set at once. */
export function saveCompanySettings({ companyId, ...body }: UpdateCompanySettingsRequest & { companyId: string }): Promise<CompanySettingsView> {
  return api.put<CompanySettingsView>(`/companies/${encodeURIComponent(companyId)}/settings`, body);
}

export function useSaveCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompanySettings,
    onSuccess: (saved) => queryClient.setQueryData([...companySettingsQueryKey, saved.companyId], saved),
  });
}
