import type { LiveResponse } from '@jornada/shared/schemas/live';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { liveKeys } from './live-keys';

/**
 * How often the screen asks again (decision 030): a late arrival shows within this, and the
 * states follow the server's clock without a push channel. Also on window focus.
 */
export const LIVE_REFRESH_MS = 15_000;

/** GET /live: the shifts under way and starting soon, with each person's state. */
export function getLiveView(companyId: string | null, signal?: AbortSignal): Promise<LiveResponse> {
  const query = companyId ? `?${new URLSearchParams({ companyId })}` : '';
  // The screen shows a failed refresh itself; a toast every 15 s would bury everything else.
  return api.get<LiveResponse>(`/live${query}`, { signal, toastOnError: false });
}

export const liveViewQueryOptions = (companyId: string | null) =>
  queryOptions({
    queryKey: liveKeys.view(companyId),
    queryFn: ({ signal }) => getLiveView(companyId, signal),
    staleTime: 0,
    refetchInterval: LIVE_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });

export function useLiveView(companyId: string | null) {
  return useQuery(liveViewQueryOptions(companyId));
}
