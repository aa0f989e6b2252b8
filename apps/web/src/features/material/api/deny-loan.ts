import type { MaterialLoan } from '@jornada/shared/schemas/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateLoans } from './invalidate-loans';

/** 'Has denegado la recepción del material.': the units go back to stock. */
export function denyLoan(loanId: string): Promise<MaterialLoan> {
  return api.post<MaterialLoan>(`/material-loans/${encodeURIComponent(loanId)}/deny`);
}

export function useDenyLoan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: denyLoan, onSuccess: () => invalidateLoans(queryClient) });
}
