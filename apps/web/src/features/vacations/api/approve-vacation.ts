import type { Vacation } from '@jornada/shared/schemas/vacations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateVacations } from './vacation-keys';

/** POST /vacations/:id/approve: a supervisor accepts an employee's own request. */
export function approveVacation(id: string): Promise<Vacation> {
  return api.post<Vacation>(`/vacations/${encodeURIComponent(id)}/approve`);
}

export function useApproveVacation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveVacation, onSuccess: () => invalidateVacations(queryClient) });
}
