import type { MailPage } from '@jornada/shared/schemas/mail';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const PAGE_SIZE = 25;

/** GET /admin/mails: the outbox, newest first, a page at a time. */
export function getMails(cursor: string | undefined, signal?: AbortSignal): Promise<MailPage> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<MailPage>(`/admin/mails?${params}`, { signal });
}

export function useMails() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['admin-mails'],
      queryFn: ({ pageParam, signal }) => getMails(pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      staleTime: 0,
    }),
  );
}
