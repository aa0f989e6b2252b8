import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateRoleLists } from './invalidate';

/** A default role is refused by the server ('No se pueden eliminar los roles por defecto.'), shown as a toast. */
export function deleteRole(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/roles/${encodeURIComponent(id)}`);
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteRole, onSuccess: () => invalidateRoleLists(queryClient) });
}
