import type { PayRulesView, UpdatePayRulesRequest } from '@jornada/shared/schemas/pay-rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const payRulesKeys = {
  all: ['pay-rules'] as const,
  of: (companyId: string | null) => ['pay-rules', companyId] as const,
};

/** GET /pay-rules: the company's pay rules (the defaults while unset) and its categories. */
export function getPayRules(companyId: string | null, signal?: AbortSignal): Promise<PayRulesView> {
  const query = companyId ? `?${new URLSearchParams({ companyId })}` : '';
  return api.get<PayRulesView>(`/pay-rules${query}`, { signal, toastOnError: false });
}

export function usePayRules(companyId: string | null, enabled: boolean) {
  return useQuery({ queryKey: payRulesKeys.of(companyId), queryFn: ({ signal }) => getPayRules(companyId, signal), enabled });
}

/** PUT /pay-rules */
export function useUpdatePayRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePayRulesRequest) => api.put<PayRulesView>('/pay-rules', body),
    // A supervisor's query has no company id in its key: refresh every pay-rules query.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payRulesKeys.all }),
  });
}
