import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePeople } from './invalidate';

/** Soft delete: the user is disabled for good and signed out; what they did is kept. */
export function deleteUser(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/users/${encodeURIComponent(id)}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => invalidatePeople(queryClient) });
}
