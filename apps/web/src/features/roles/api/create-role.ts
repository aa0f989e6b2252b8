import type { Role, RoleRequest } from '@jornada/shared/schemas/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateRoleLists } from './invalidate';

export function createRole(body: RoleRequest): Promise<Role> {
  return api.post<Role>('/roles', body);
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRole, onSuccess: () => invalidateRoleLists(queryClient) });
}
