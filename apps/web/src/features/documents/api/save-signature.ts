import type { MySignatureResponse, SaveSignatureRequest } from '@jornada/shared/schemas/signatures';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './document-keys';

/** PUT /my-signature: 'Guardar Firma' with the pad's trimmed PNG. */
export function saveSignature(body: SaveSignatureRequest): Promise<MySignatureResponse> {
  return api.put<MySignatureResponse>('/my-signature', body);
}

export function useSaveSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSignature,
    onSuccess: (saved) => queryClient.setQueryData(documentKeys.signature(), saved),
  });
}
