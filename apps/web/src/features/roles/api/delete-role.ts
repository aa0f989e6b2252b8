import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateRoleLists } from './invalidate';

/**
 * A default role is refused by the server ('No se pueden eliminar los roles por defecto.'), shown as
 * a toast. `moveTo`: the role the people who hold it pass to (decision 043).
 */
export function deleteRole({ id, moveTo }: { id: string; moveTo?: string }): Promise<{ ok: true }> {
  const query = moveTo ? `?moveTo=${encodeURIComponent(moveTo)}` : '';
  return api.delete<{ ok: true }>(`/roles/${encodeURIComponent(id)}${query}`);
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteRole, onSuccess: () => invalidateRoleLists(queryClient) });
}
