import type { AccessLinksResponse } from '@jornada/shared/schemas/access-links';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accessLinkKeys } from './access-link-keys';

/** The company's links, newest first (an administrator: every company's, or one's). */
export function getAccessLinks(companyId: string | null, signal?: AbortSignal): Promise<AccessLinksResponse> {
  const query = companyId ? `?companyId=${encodeURIComponent(companyId)}` : '';
  return api.get<AccessLinksResponse>(`/access-links${query}`, { signal });
}

export function accessLinksQueryOptions(companyId: string | null) {
  return queryOptions({ queryKey: accessLinkKeys.list(companyId), queryFn: ({ signal }) => getAccessLinks(companyId, signal) });
}

export function useAccessLinks(companyId: string | null) {
  return useQuery(accessLinksQueryOptions(companyId));
}
