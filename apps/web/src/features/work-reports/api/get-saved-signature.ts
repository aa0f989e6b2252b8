import type { MySignatureResponse } from '@jornada/shared/schemas/signatures';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { workReportKeys } from './work-report-keys';

/** GET /work-reports/signature: the saved signature the report dialog offers, or null. */
export function getSavedSignature(signal?: AbortSignal): Promise<MySignatureResponse> {
  return api.get<MySignatureResponse>('/work-reports/signature', { signal, toastOnError: false });
}

export const savedSignatureQueryOptions = queryOptions({ queryKey: workReportKeys.signature(), queryFn: ({ signal }) => getSavedSignature(signal) });

export function useSavedSignature() {
  return useQuery(savedSignatureQueryOptions);
}
