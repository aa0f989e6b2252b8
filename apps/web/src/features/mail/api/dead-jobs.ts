import type { AdminJob, JobPage } from '@jornada/shared/schemas/mail';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const PAGE_SIZE = 25;
const deadJobsKey = ['admin-jobs', 'dead'] as const;

/** GET /admin/jobs?status=dead: the jobs that used up their tries, newest failure first. */
export function getDeadJobs(cursor: string | undefined, signal?: AbortSignal): Promise<JobPage> {
  const params = new URLSearchParams({ status: 'dead', limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<JobPage>(`/admin/jobs?${params}`, { signal });
}

export function useDeadJobs() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: deadJobsKey,
      queryFn: ({ pageParam, signal }) => getDeadJobs(pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      staleTime: 0,
    }),
  );
}

/** POST /admin/jobs/:id/retry: 'Reintentar'. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<AdminJob>(`/admin/jobs/${encodeURIComponent(id)}/retry`),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: deadJobsKey }), queryClient.invalidateQueries({ queryKey: ['admin-mails'] })]),
  });
}
