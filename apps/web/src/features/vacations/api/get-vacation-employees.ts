import type { vacationEmployeesResponseSchema } from '@jornada/shared/schemas/vacations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { vacationKeys } from './vacation-keys';

export type VacationEmployee = z.infer<typeof vacationEmployeesResponseSchema>[number];

/** GET /vacations/employees: the active Empleado users of the company (an administrator names it). */
export function getVacationEmployees(companyId: string | null, signal?: AbortSignal): Promise<VacationEmployee[]> {
  const query = companyId ? `?${new URLSearchParams({ companyId })}` : '';
  return api.get<VacationEmployee[]>(`/vacations/employees${query}`, { signal });
}

export function useVacationEmployees(companyId: string | null, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: vacationKeys.employees(companyId),
      queryFn: ({ signal }) => getVacationEmployees(companyId, signal),
      enabled,
    }),
  );
}
