import type { AccessLinkUsesResponse } from '@jornada/shared/schemas/access-links';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accessLinkKeys } from './access-link-keys';

export function getAccessLinkUses(linkId: string, signal?: AbortSignal): Promise<AccessLinkUsesResponse> {
  return api.get<AccessLinkUsesResponse>(`/access-links/${encodeURIComponent(linkId)}/uses`, { signal });
}

export function useAccessLinkUses(linkId: string, enabled: boolean) {
  return useQuery({ queryKey: accessLinkKeys.uses(linkId), queryFn: ({ signal }) => getAccessLinkUses(linkId, signal), enabled });
}
