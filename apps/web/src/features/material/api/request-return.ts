import type { MaterialLoan } from '@jornada/shared/schemas/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { materialKeys } from './material-keys';

/** 'Solicitar devolución' of a confirmed loan. */
export function requestReturn(loanId: string): Promise<MaterialLoan> {
  return api.post<MaterialLoan>(`/material-loans/${encodeURIComponent(loanId)}/return-request`);
}

export function useRequestReturn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestReturn, onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.loans }) });
}
