import type { MarkPaidRequest, Payment } from '@jornada/shared/schemas/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { paymentsQueryKey } from './get-payments';

/** POST /payments: records one Empleado's month as paid; final (409 when it already was). */
export function markPaid(body: MarkPaidRequest): Promise<Payment> {
  return api.post<Payment>('/payments', body);
}

export function useMarkPaid() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: paymentsQueryKey });
  return useMutation({
    mutationFn: markPaid,
    onSuccess: refresh,
    // Someone else paid it first (409): the card must show it as paid.
    onError: (error) => (isApiError(error) && error.status === 409 ? refresh() : undefined),
  });
}
