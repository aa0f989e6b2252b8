import type { ApiTokensResponse, CreateApiTokenRequest, CreateApiTokenResponse } from '@jornada/shared/schemas/api-tokens';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every API token query sits under ['api-tokens'] (docs/decisions/054). */
export const apiTokenKeys = { all: ['api-tokens'] as const };

export function useApiTokens() {
  return useQuery({ queryKey: apiTokenKeys.all, queryFn: ({ signal }) => api.get<ApiTokensResponse>('/api-tokens', { signal }) });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenRequest) => api.post<CreateApiTokenResponse>('/api-tokens', body, { toastOnError: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ ok: true }>(`/api-tokens/${encodeURIComponent(id)}/revoke`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
