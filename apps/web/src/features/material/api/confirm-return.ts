import type { MaterialLoan } from '@jornada/shared/schemas/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateLoans } from './invalidate-loans';

/** The employee confirms the return the supervisor asked for ('Devuelto'). */
export function confirmReturn(loanId: string): Promise<MaterialLoan> {
  return api.post<MaterialLoan>(`/material-loans/${encodeURIComponent(loanId)}/return`);
}

export function useConfirmReturn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmReturn, onSuccess: () => invalidateLoans(queryClient) });
}
