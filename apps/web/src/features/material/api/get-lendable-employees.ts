import type { LendableEmployees } from '@jornada/shared/schemas/material';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { materialKeys, toQueryString } from './material-keys';

/** The lend dialog's 'Empleado' choices: the company's Empleado users (an administrator names the company). */
export function getLendableEmployees(companyId: string | null, signal?: AbortSignal): Promise<LendableEmployees> {
  return api.get<LendableEmployees>(`/material-loans/employees${toQueryString({ companyId })}`, { signal });
}

export function lendableEmployeesQueryOptions(companyId: string | null) {
  return queryOptions({ queryKey: materialKeys.lendable(companyId), queryFn: ({ signal }) => getLendableEmployees(companyId, signal) });
}

export function useLendableEmployees(companyId: string | null, enabled: boolean) {
  return useQuery({ ...lendableEmployeesQueryOptions(companyId), enabled });
}
