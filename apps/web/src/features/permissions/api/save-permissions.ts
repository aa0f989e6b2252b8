import type { CompanyPermissions, UpdatePermissionsRequest } from '@jornada/shared/schemas/permissions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companiesQueryKey } from '@/lib/companies/get-companies';
import { refreshSession } from '@/lib/session';
import { permissionsQueryKey } from './get-permissions';

/** PUT /api/permissions/:companyId. The screen words the failure itself ('Error al guardar'). */
export function savePermissions({ companyId, ...body }: UpdatePermissionsRequest & { companyId: string }): Promise<CompanyPermissions> {
  return api.put<CompanyPermissions>(`/permissions/${encodeURIComponent(companyId)}`, body, { toastOnError: false });
}

export function useSavePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePermissions,
    onSuccess: (saved) => {
      queryClient.setQueryData([...permissionsQueryKey, saved.companyId], saved);
      // The sidebar reads grantedViews from the session; other users get theirs on their next /me.
      return Promise.all([queryClient.invalidateQueries({ queryKey: companiesQueryKey }), refreshSession()]);
    },
  });
}
