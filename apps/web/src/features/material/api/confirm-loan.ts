import type { MaterialLoan } from '@jornada/shared/schemas/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateLoans } from './invalidate-loans';

/** '¡Material Confirmado!': the receipt with the employee's signature (a PNG data URL). */
export function confirmLoan({ loanId, signature }: { loanId: string; signature: string }): Promise<MaterialLoan> {
  return api.post<MaterialLoan>(`/material-loans/${encodeURIComponent(loanId)}/confirm`, { signature });
}

export function useConfirmLoan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmLoan, onSuccess: () => invalidateLoans(queryClient) });
}
