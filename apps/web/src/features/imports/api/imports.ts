import type { ImportKind, ImportPreview, ImportResult } from '@jornada/shared/schemas/imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

function formOf(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** 'Revisar archivo': every row with its problems; nothing is stored. */
export function usePreviewImport(kind: ImportKind) {
  return useMutation({
    mutationFn: (file: File) => api.post<ImportPreview>(`/imports/${kind}/preview`, formOf(file), { toastOnError: false }),
  });
}

/** 'Importar': the server checks the file again and stores every row or none. */
export function useCommitImport(kind: ImportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api.post<ImportResult>(`/imports/${kind}`, formOf(file), { toastOnError: false }),
    // New people or events show on many screens (lists, roster, overview): all of them read again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
