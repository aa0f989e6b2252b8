import type { Material, UpdateStockRequest } from '@jornada/shared/schemas/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { materialKeys } from './material-keys';

/** Editing the stock of one size (0 or more). */
export function updateStock({ materialId, itemId, body }: { materialId: string; itemId: string; body: UpdateStockRequest }): Promise<Material> {
  return api.put<Material>(`/material/${encodeURIComponent(materialId)}/items/${encodeURIComponent(itemId)}`, body, { toastOnError: false });
}

export function useUpdateStock() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateStock, onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.materials }) });
}
