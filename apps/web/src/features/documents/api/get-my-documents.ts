import type { MyDocumentsResponse } from '@jornada/shared/schemas/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './document-keys';

/** GET /my-documents: the required documents of the user's categories, with their saved values. */
export function getMyDocuments(signal?: AbortSignal): Promise<MyDocumentsResponse> {
  return api.get<MyDocumentsResponse>('/my-documents', { signal, toastOnError: false });
}

export const myDocumentsQueryOptions = queryOptions({ queryKey: documentKeys.mine(), queryFn: ({ signal }) => getMyDocuments(signal) });

export function useMyDocuments() {
  return useQuery(myDocumentsQueryOptions);
}
