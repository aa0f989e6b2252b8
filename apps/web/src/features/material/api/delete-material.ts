import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { materialKeys } from './material-keys';

export function deleteMaterial(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/material/${encodeURIComponent(id)}`);
}

export function useDeleteMaterial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMaterial, onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.materials }) });
}
