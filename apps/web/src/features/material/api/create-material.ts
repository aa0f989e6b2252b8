import type { CreateMaterialRequest, Material } from '@jornada/shared/schemas/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { materialKeys } from './material-keys';

/** 'Añadir material': the form shows the failure itself (with the spec's titles). */
export function createMaterial(body: CreateMaterialRequest): Promise<Material> {
  return api.post<Material>('/material', body, { toastOnError: false });
}

export function useCreateMaterial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createMaterial, onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.materials }) });
}
