import type { PublicAccessResponse } from '@jornada/shared/schemas/access-links';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accessLinkKeys } from './access-link-keys';

/** One page of a link's records; the page shows a refused link itself (no toast, no session). */
export function getPublicAccess(token: string, cursor: string | null, signal?: AbortSignal): Promise<PublicAccessResponse> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return api.get<PublicAccessResponse>(`/public/access/${encodeURIComponent(token)}${query}`, { signal, toastOnError: false });
}

/** The download's URL: a plain link, so the browser saves the file the server names. */
export function publicDownloadUrl(token: string, format: 'pdf' | 'csv'): string {
  return `/api/public/access/${encodeURIComponent(token)}/download?format=${format}`;
}

export function usePublicAccess(token: string) {
  return useInfiniteQuery({
    queryKey: accessLinkKeys.publicView(token),
    queryFn: ({ pageParam, signal }) => getPublicAccess(token, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: false,
    // Every view is logged as a use: no refetch on focus or remount.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
