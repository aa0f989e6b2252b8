import type { ArchivedRecordsResponse } from '@jornada/shared/schemas/legal-archive';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getArchivedRecords(id: string, cursor: string | null, signal?: AbortSignal): Promise<ArchivedRecordsResponse> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return api.get<ArchivedRecordsResponse>(`/legal-archive/${encodeURIComponent(id)}/records${query}`, { signal });
}

/** A year of the archived record as PDF or CSV: a plain link, the server names the file. */
export function archiveDownloadUrl(id: string, format: 'pdf' | 'csv', year: number): string {
  return `/api/legal-archive/${encodeURIComponent(id)}/download?format=${format}&year=${year}`;
}

export function useArchivedRecords(id: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['legal-archive', 'records', id] as const,
    queryFn: ({ pageParam, signal }) => getArchivedRecords(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}
