import type { MyDocument, SaveDocumentTextRequest } from '@jornada/shared/schemas/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './document-keys';

/** PUT /my-documents/:id/text: an 'escrito' document's value ('Dato Guardado'). */
export function saveDocumentText({ documentId, ...body }: SaveDocumentTextRequest & { documentId: string }): Promise<MyDocument> {
  return api.put<MyDocument>(`/my-documents/${encodeURIComponent(documentId)}/text`, body);
}

export function useSaveDocumentText() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveDocumentText, onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.mine() }) });
}
