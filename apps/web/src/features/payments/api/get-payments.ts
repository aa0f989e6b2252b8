import type { PaymentsResponse } from '@jornada/shared/schemas/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const paymentsQueryKey = ['payments'] as const;

/** GET /payments?month=yyyy-MM: every Empleado of the company with the month's hours, price and payment. The screen shows failures inline. */
export function getPayments(params: { month: string; companyId: string | null }, signal?: AbortSignal): Promise<PaymentsResponse> {
  const query = new URLSearchParams({ month: params.month });
  if (params.companyId) query.set('companyId', params.companyId);
  return api.get<PaymentsResponse>(`/payments?${query}`, { signal, toastOnError: false });
}

export const paymentsQueryOptions = (month: string, companyId: string | null) =>
  queryOptions({
    queryKey: [...paymentsQueryKey, month, companyId],
    queryFn: ({ signal }) => getPayments({ month, companyId }, signal),
    // The previous month stays on screen while the next loads: no jump on the arrows.
    placeholderData: keepPreviousData,
  });

export function usePayments(month: string, companyId: string | null, enabled = true) {
  return useQuery({ ...paymentsQueryOptions(month, companyId), enabled });
}
