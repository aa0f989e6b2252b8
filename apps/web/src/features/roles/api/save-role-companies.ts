import type { Role, RoleCompaniesRequest } from '@jornada/shared/schemas/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateRoleLists } from './invalidate';

export function saveRoleCompanies({ id, ...body }: RoleCompaniesRequest & { id: string }): Promise<Role> {
  return api.put<Role>(`/roles/${encodeURIComponent(id)}/companies`, body);
}

export function useSaveRoleCompanies() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveRoleCompanies, onSuccess: () => invalidateRoleLists(queryClient) });
}
