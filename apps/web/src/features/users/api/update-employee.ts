import type { Employee, UpdateEmployeeBody } from '@jornada/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePeople } from './invalidate';

/** 'Guardar Cambios': details and categories. The dialog words the failure itself. */
export function updateEmployee({ id, ...body }: UpdateEmployeeBody & { id: string }): Promise<Employee> {
  return api.put<Employee>(`/employees/${encodeURIComponent(id)}`, body, { toastOnError: false });
}

export function useUpdateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateEmployee, onSuccess: () => invalidatePeople(queryClient) });
}
