import type { CreateLoanRequest, MaterialLoan } from '@jornada/shared/schemas/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { materialKeys } from './material-keys';

/** 'Prestar material': the loan, and the stock it takes. The dialog shows failures itself. */
export function createLoan(body: CreateLoanRequest): Promise<MaterialLoan> {
  return api.post<MaterialLoan>('/material-loans', body, { toastOnError: false });
}

export function useCreateLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLoan,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: materialKeys.materials }),
        queryClient.invalidateQueries({ queryKey: materialKeys.loans }),
      ]),
  });
}
