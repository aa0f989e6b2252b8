import { ClipboardClock } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { DESKTOP_MEDIA_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useTimeLog } from '../api/get-time-log';
import { CompanyFilter } from '../components/company-filter';
import { TimeLogCards } from '../components/time-log-cards';
import { TimeLogTable } from '../components/time-log-table';

/** Fichajes, the spec's Registro de Fichajes (supervisor: the company; administrator: every company, or one). */
export default function TimeLogRoute() {
  const { isAdmin } = useAuth();
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  const [searchParams, setSearchParams] = useSearchParams();
  const companyId = isAdmin ? searchParams.get('company') : null;
  const log = useTimeLog(companyId);
  const entries = log.data?.pages.flatMap((page) => page.records) ?? [];
  const List = isDesktop ? TimeLogTable : TimeLogCards;

  return (
    <>
      <PageHeader title="Fichajes" description="Entradas y salidas del personal, de la más reciente a la más antigua." />
      {isAdmin && (
        <div className="mb-4">
          <CompanyFilter companyId={companyId} onChange={(id) => setSearchParams(id ? { company: id } : {}, { replace: true })} />
        </div>
      )}
      {log.isPending ? (
        <ListSkeleton rows={4} rowClassName={isDesktop ? 'h-14' : 'h-32'} />
      ) : log.isError && !log.data ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-col items-start gap-3">
            No se pudieron cargar los fichajes.
            <Button variant="outline" size="sm" onClick={() => void log.refetch()}>
              Reintentar
            </Button>
          </AlertDescription>
        </Alert>
      ) : entries.length === 0 ? (
        <EmptyState icon={<ClipboardClock />}>No hay fichajes registrados.</EmptyState>
      ) : (
        <>
          <List entries={entries} showCompany={isAdmin} />
          <LoadMoreButton hasNextPage={log.hasNextPage} isFetchingNextPage={log.isFetchingNextPage} onLoadMore={() => void log.fetchNextPage()} />
          {log.isFetchNextPageError && (
            <p role="alert" className="mt-2 text-center text-sm font-medium text-destructive">
              No se pudieron cargar más fichajes. Inténtalo de nuevo.
            </p>
          )}
        </>
      )}
    </>
  );
}
