import type { Role, RoleRequest } from '@jornada/shared/schemas/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateRoleLists } from './invalidate';

export function updateRole({ id, ...body }: RoleRequest & { id: string }): Promise<Role> {
  return api.put<Role>(`/roles/${encodeURIComponent(id)}`, body);
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateRole, onSuccess: () => invalidateRoleLists(queryClient) });
}
