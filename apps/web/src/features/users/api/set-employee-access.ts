import type { Employee } from '@jornada/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePeople } from './invalidate';

/** 'Habilitar Acceso' / 'Deshabilitar Acceso'; disabling signs the user out at once. */
export function setEmployeeAccess({ id, isDisabled }: { id: string; isDisabled: boolean }): Promise<Employee> {
  return api.put<Employee>(`/employees/${encodeURIComponent(id)}/access`, { isDisabled }, { toastOnError: false });
}

export function useSetEmployeeAccess() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setEmployeeAccess, onSuccess: () => invalidatePeople(queryClient) });
}
