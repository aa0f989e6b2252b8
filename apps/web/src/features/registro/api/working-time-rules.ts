import type { UpdateWorkingTimeRulesRequest, WorkingTimeRulesView } from '@jornada/shared/schemas/registro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { registroKeys } from './registro-keys';

/** GET /registro/rules: the company's working-time rules (the Estatuto's while unset). */
export function getWorkingTimeRules(companyId: string | null, signal?: AbortSignal): Promise<WorkingTimeRulesView> {
  const query = companyId ? `?${new URLSearchParams({ companyId })}` : '';
  return api.get<WorkingTimeRulesView>(`/registro/rules${query}`, { signal, toastOnError: false });
}

export function useWorkingTimeRules(companyId: string | null, enabled: boolean) {
  return useQuery({ queryKey: registroKeys.rules(companyId), queryFn: ({ signal }) => getWorkingTimeRules(companyId, signal), enabled });
}

/** PUT /registro/rules */
export function useUpdateWorkingTimeRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWorkingTimeRulesRequest) => api.put<WorkingTimeRulesView>('/registro/rules', body),
    // A supervisor's query has no company id in its key: refresh every rules query.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...registroKeys.all, 'rules'] }),
  });
}
