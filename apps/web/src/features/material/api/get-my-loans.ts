import type { MyLoanView } from '@jornada/shared/material';
import type { MyLoans } from '@jornada/shared/schemas/material';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { materialKeys } from './material-keys';

/** The employee's loans: 'pending' (Acciones Pendientes) or 'held' (Mi Cuenta). */
export function getMyLoans(view: MyLoanView, signal?: AbortSignal): Promise<MyLoans> {
  return api.get<MyLoans>(`/material-loans/mine?view=${view}`, { signal });
}

export function myLoansQueryOptions(view: MyLoanView) {
  return queryOptions({ queryKey: materialKeys.mine(view), queryFn: ({ signal }) => getMyLoans(view, signal) });
}

export function useMyLoans(view: MyLoanView, enabled = true) {
  return useQuery({ ...myLoansQueryOptions(view), enabled });
}
