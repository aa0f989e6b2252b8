import type { MySignatureResponse } from '@jornada/shared/schemas/signatures';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './document-keys';

/** GET /my-signature: the saved signature, or null. */
export function getMySignature(signal?: AbortSignal): Promise<MySignatureResponse> {
  return api.get<MySignatureResponse>('/my-signature', { signal, toastOnError: false });
}

export const mySignatureQueryOptions = queryOptions({ queryKey: documentKeys.signature(), queryFn: ({ signal }) => getMySignature(signal) });

export function useMySignature() {
  return useQuery(mySignatureQueryOptions);
}
