import type { OwnVacationRequest, Vacation } from '@jornada/shared/schemas/vacations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateVacations } from './vacation-keys';

/** POST /my-vacations: the employee asks for days; a supervisor of the company answers. */
export function requestVacation(body: OwnVacationRequest): Promise<Vacation> {
  return api.post<Vacation>('/my-vacations', body);
}

export function useRequestVacation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestVacation, onSuccess: () => invalidateVacations(queryClient) });
}
