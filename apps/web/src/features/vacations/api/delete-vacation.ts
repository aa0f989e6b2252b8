import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateVacations } from './vacation-keys';

/** DELETE /vacations/:id: removes a processed request from the history. */
export function deleteVacation(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/vacations/${encodeURIComponent(id)}`);
}

export function useDeleteVacation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteVacation, onSuccess: () => invalidateVacations(queryClient) });
}
