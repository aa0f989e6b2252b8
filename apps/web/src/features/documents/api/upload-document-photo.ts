import type { MyDocument } from '@jornada/shared/schemas/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './document-keys';

/** PUT /my-documents/:id/photo (multipart): a 'foto' document's image ('Documento Guardado'). */
export function uploadDocumentPhoto({ documentId, file }: { documentId: string; file: File }): Promise<MyDocument> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.put<MyDocument>(`/my-documents/${encodeURIComponent(documentId)}/photo`, form);
}

export function useUploadDocumentPhoto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadDocumentPhoto, onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.mine() }) });
}
