import type { PayrollMonthRequest, PayrollResponse } from '@jornada/shared/schemas/payroll';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const payrollQueryKey = ['payroll'] as const;

/** GET /payroll?month=yyyy-MM: the month's sheet by concept (the snapshot when the month is closed). */
export function getPayroll(params: { month: string; companyId: string | null }, signal?: AbortSignal): Promise<PayrollResponse> {
  const query = new URLSearchParams({ month: params.month });
  if (params.companyId) query.set('companyId', params.companyId);
  return api.get<PayrollResponse>(`/payroll?${query}`, { signal, toastOnError: false });
}

export const payrollQueryOptions = (month: string, companyId: string | null) =>
  queryOptions({
    queryKey: [...payrollQueryKey, month, companyId],
    queryFn: ({ signal }) => getPayroll({ month, companyId }, signal),
    placeholderData: keepPreviousData,
  });

export function usePayroll(month: string, companyId: string | null, enabled = true) {
  return useQuery({ ...payrollQueryOptions(month, companyId), enabled });
}

/** POST /payroll/close or /payroll/reopen: freezes the month's sheet, or lets it be recomputed again. */
export function usePayrollClosing(action: 'close' | 'reopen') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayrollMonthRequest) => api.post<PayrollResponse>(`/payroll/${action}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payrollQueryKey }),
  });
}
