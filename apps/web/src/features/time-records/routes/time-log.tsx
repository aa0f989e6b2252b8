import { ClipboardClock } from 'lucide-react';
import { CompanyPicker } from '@/components/companies/company-picker';
import { PageHeader } from '@/components/layout/page-header';
import { BACKWARD_RANGE_MESSAGE, isBackwardRange } from '@/components/list-filters/filter-fields';
import { filterParams, useUrlFilters } from '@/components/list-filters/use-url-filters';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { DESKTOP_MEDIA_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useTimeLog } from '../api/get-time-log';
import { TimeLogCards } from '../components/time-log-cards';
import { timeLogFilterKeys, TimeLogFilters } from '../components/time-log-filters';
import { TimeLogTable } from '../components/time-log-table';

const pageKeys = ['company', ...timeLogFilterKeys] as const;

/** Fichajes, the spec's Registro de Fichajes (supervisor: the company; administrator: every company, or one). */
export default function TimeLogRoute() {
  const { isAdmin } = useAuth();
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  const filters = useUrlFilters(pageKeys);
  const { company, ...filterValues } = filters.values;
  const companyId = isAdmin ? company || null : null;
  const backward = isBackwardRange(filterValues.from, filterValues.to);
  const log = useTimeLog(companyId, filterParams(filterValues), !backward);
  const entries = log.data?.pages.flatMap((page) => page.records) ?? [];
  const filtered = Object.values(filterValues).some(Boolean);
  const List = isDesktop ? TimeLogTable : TimeLogCards;

  const noFilters = Object.fromEntries(timeLogFilterKeys.map((key) => [key, ''])) as Record<(typeof timeLogFilterKeys)[number], string>;

  return (
    <>
      <PageHeader title="Fichajes" description="Entradas y salidas del personal, de la más reciente a la más antigua." />
      {isAdmin && (
        <div className="mb-4">
          <CompanyPicker
            id="time-log-company"
            empty="all"
            className="sm:w-72"
            value={companyId ?? ''}
            // A worker or an event belongs to one company: changing the company drops the filters.
            onChange={(event) => filters.update({ ...noFilters, company: event.target.value })}
          />
        </div>
      )}
      <TimeLogFilters
        companyId={companyId}
        needsCompany={isAdmin && companyId === null}
        values={filterValues}
        onChange={filters.set}
        active={filtered}
        onClear={() => filters.update(noFilters)}
      />
      {backward ? (
        <Alert variant="destructive">
          <AlertDescription>{BACKWARD_RANGE_MESSAGE}</AlertDescription>
        </Alert>
      ) : log.isPending ? (
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
        <EmptyState icon={<ClipboardClock />}>{filtered ? 'Ningún fichaje coincide con los filtros.' : 'No hay fichajes registrados.'}</EmptyState>
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
