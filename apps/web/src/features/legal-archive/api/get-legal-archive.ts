import type { LegalArchiveResponse } from '@jornada/shared/schemas/legal-archive';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getLegalArchive(signal?: AbortSignal): Promise<LegalArchiveResponse> {
  return api.get<LegalArchiveResponse>('/legal-archive', { signal });
}

/** 'Archivo Legal': deleted companies and workers whose registro de jornada is kept. */
export function useLegalArchive() {
  return useQuery({ queryKey: ['legal-archive'] as const, queryFn: ({ signal }) => getLegalArchive(signal) });
}
