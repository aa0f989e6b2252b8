import type { Vacation } from '@jornada/shared/schemas/vacations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateVacations } from './vacation-keys';

/** POST /my-vacations/:id/reject: the employee turns down a supervisor's proposal (no signature). */
export function declineVacation(id: string): Promise<Vacation> {
  return api.post<Vacation>(`/my-vacations/${encodeURIComponent(id)}/reject`);
}

export function useDeclineVacation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: declineVacation, onSuccess: () => invalidateVacations(queryClient) });
}
