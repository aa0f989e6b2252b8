import type { SupervisorVacationRequest, Vacation } from '@jornada/shared/schemas/vacations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateVacations } from './vacation-keys';

/** POST /vacations: a supervisor proposes days for an employee, who then confirms or rejects. */
export function createVacation(body: SupervisorVacationRequest): Promise<Vacation> {
  return api.post<Vacation>('/vacations', body);
}

export function useCreateVacation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createVacation, onSuccess: () => invalidateVacations(queryClient) });
}
