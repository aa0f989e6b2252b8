import { CircleCheck } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useDeadJobs } from '../api/dead-jobs';
import { DeadJobList } from '../components/dead-job-list';

export default function FailedJobsRoute() {
  const jobs = useDeadJobs();
  const items = jobs.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <PageHeader
        title="Tareas Fallidas"
        description="Tareas en segundo plano (envío de correos, avisos) que agotaron sus intentos. Reintentar las vuelve a poner en cola; lo ya enviado no se repite."
      />
      {jobs.isPending ? (
        <ListSkeleton rows={4} rowClassName="h-14" />
      ) : jobs.isError ? (
        <EmptyState>No se pudieron cargar las tareas fallidas.</EmptyState>
      ) : items.length === 0 ? (
        <EmptyState icon={<CircleCheck />}>No hay tareas fallidas.</EmptyState>
      ) : (
        <>
          <DeadJobList jobs={items} />
          <LoadMoreButton hasNextPage={jobs.hasNextPage} isFetchingNextPage={jobs.isFetchingNextPage} onLoadMore={() => void jobs.fetchNextPage()} />
        </>
      )}
    </>
  );
}
