import type { Vacation } from '@jornada/shared/schemas/vacations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateVacations } from './vacation-keys';

/** POST /my-vacations/:id/confirm: the employee accepts a supervisor's proposal with a signature. */
export function confirmVacation({ id, signature }: { id: string; signature: string }): Promise<Vacation> {
  return api.post<Vacation>(`/my-vacations/${encodeURIComponent(id)}/confirm`, { signature });
}

export function useConfirmVacation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmVacation, onSuccess: () => invalidateVacations(queryClient) });
}
