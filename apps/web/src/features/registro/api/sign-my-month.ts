import type { RegistroMonth, SignMonthRequest } from '@jornada/shared/schemas/registro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { registroKeys } from './registro-keys';

/** POST /registro/mine/sign: the worker signs a closed month with the pad. */
export function signMyMonth(body: SignMonthRequest): Promise<RegistroMonth> {
  return api.post<RegistroMonth>('/registro/mine/sign', body);
}

export function useSignMyMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signMyMonth,
    onSuccess: (month) => {
      queryClient.setQueryData(registroKeys.mine(month.month), month);
      return queryClient.invalidateQueries({ queryKey: registroKeys.all });
    },
  });
}
