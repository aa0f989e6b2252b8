import type { AddStockRequest, Material } from '@jornada/shared/schemas/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { materialKeys } from './material-keys';

/** 'Añadir stock': a size the material does not have yet. */
export function addStock({ materialId, body }: { materialId: string; body: AddStockRequest }): Promise<Material> {
  return api.post<Material>(`/material/${encodeURIComponent(materialId)}/items`, body, { toastOnError: false });
}

export function useAddStock() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addStock, onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.materials }) });
}
