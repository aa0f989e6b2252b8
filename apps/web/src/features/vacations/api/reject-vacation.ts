import type { Vacation } from '@jornada/shared/schemas/vacations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateVacations } from './vacation-keys';

/** POST /vacations/:id/reject: a supervisor turns down an employee's own request. */
export function rejectVacation(id: string): Promise<Vacation> {
  return api.post<Vacation>(`/vacations/${encodeURIComponent(id)}/reject`);
}

export function useRejectVacation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rejectVacation, onSuccess: () => invalidateVacations(queryClient) });
}
