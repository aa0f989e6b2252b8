import type { CreateUnavailabilityRequest, Unavailability, UnavailabilityList } from '@jornada/shared/schemas/availability';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every query of the feature sits under 'availability': one change refreshes them all (they are small). */
export const availabilityKeys = {
  all: ['availability'] as const,
  mine: () => ['availability', 'mine'] as const,
  employee: (employeeId: string) => ['availability', 'employee', employeeId] as const,
};

/** GET /my-unavailability: the signed-in person's entries. Screens show failures inline. */
export function useMyUnavailability() {
  return useQuery({
    queryKey: availabilityKeys.mine(),
    queryFn: ({ signal }) => api.get<UnavailabilityList>('/my-unavailability', { signal, toastOnError: false }),
  });
}

/** GET /employees/:id/unavailability: a supervisor reads an employee's (read-only). */
export function useEmployeeUnavailability(employeeId: string) {
  return useQuery({
    queryKey: availabilityKeys.employee(employeeId),
    queryFn: ({ signal }) => api.get<UnavailabilityList>(`/employees/${encodeURIComponent(employeeId)}/unavailability`, { signal, toastOnError: false }),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
}

/** POST /my-unavailability: the form shows a refusal itself. */
export function useCreateUnavailability() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: (body: CreateUnavailabilityRequest) => api.post<Unavailability>('/my-unavailability', body, { toastOnError: false }), onSuccess });
}

/** DELETE /my-unavailability/:id */
export function useDeleteUnavailability() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.delete<{ ok: true }>(`/my-unavailability/${encodeURIComponent(id)}`), onSuccess });
}
