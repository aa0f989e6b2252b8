import type { CreateWebhookRequest, CreateWebhookResponse } from '@jornada/shared/schemas/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { webhookDeliveriesResponseSchema, webhooksResponseSchema } from '@jornada/shared/schemas/webhooks';
import { api } from '@/lib/api-client';

type WebhooksResponse = z.infer<typeof webhooksResponseSchema>;
type DeliveriesResponse = z.infer<typeof webhookDeliveriesResponseSchema>;

/** Every webhook query sits under ['webhooks'] (docs/decisions/050). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (companyId: string | null) => [...webhookKeys.all, 'list', companyId] as const,
  deliveries: (id: string) => [...webhookKeys.all, 'deliveries', id] as const,
};

export function useWebhooks(companyId: string | null, enabled: boolean) {
  const query = companyId ? `?companyId=${encodeURIComponent(companyId)}` : '';
  return useQuery({ queryKey: webhookKeys.list(companyId), queryFn: ({ signal }) => api.get<WebhooksResponse>(`/webhooks${query}`, { signal }), enabled });
}

/** The delivery log, read again each time it is opened: deliveries are retried in the background. */
export function useWebhookDeliveries(id: string, enabled: boolean) {
  return useQuery({ queryKey: webhookKeys.deliveries(id), queryFn: ({ signal }) => api.get<DeliveriesResponse>(`/webhooks/${encodeURIComponent(id)}/deliveries`, { signal }), enabled, staleTime: 0 });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookRequest) => api.post<CreateWebhookResponse>('/webhooks', body, { toastOnError: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/webhooks/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function usePingWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ deliveryId: string }>(`/webhooks/${encodeURIComponent(id)}/test`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
