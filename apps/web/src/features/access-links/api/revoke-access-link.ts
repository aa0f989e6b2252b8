import type { AccessLink } from '@jornada/shared/schemas/access-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accessLinkKeys } from './access-link-keys';

export function revokeAccessLink(linkId: string): Promise<AccessLink> {
  return api.post<AccessLink>(`/access-links/${encodeURIComponent(linkId)}/revoke`);
}

export function useRevokeAccessLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeAccessLink, onSuccess: () => queryClient.invalidateQueries({ queryKey: accessLinkKeys.all }) });
}
