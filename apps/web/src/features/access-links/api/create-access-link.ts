import type { CreateAccessLinkRequest, CreateAccessLinkResponse } from '@jornada/shared/schemas/access-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accessLinkKeys } from './access-link-keys';

/** Creates a link; the answer carries the token, which is never shown again. The dialog shows failures. */
export function createAccessLink(body: CreateAccessLinkRequest): Promise<CreateAccessLinkResponse> {
  return api.post<CreateAccessLinkResponse>('/access-links', body, { toastOnError: false });
}

export function useCreateAccessLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAccessLink, onSuccess: () => queryClient.invalidateQueries({ queryKey: accessLinkKeys.all }) });
}
