import type { EmployeeReportSummary } from '@jornada/shared/schemas/work-reports';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { BACKWARD_RANGE_MESSAGE, DateRangeFilter, FilterBar, isBackwardRange, SearchFilter } from '@/components/list-filters/filter-fields';
import { filterParams, useUrlFilters } from '@/components/list-filters/use-url-filters';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { useAuth } from '@/lib/auth';
import { useEmployeeReports } from '../api/get-employee-reports';
import { EmployeeReportDialog } from '../components/employee-report-dialog';
import { EmployeeReportList } from '../components/employee-report-list';
import { PagedList } from '../components/paged-list';

// userId and eventId come from shared links (the API filters by them); the bar offers days and a name.
const filterKeys = ['userId', 'eventId', 'from', 'to', 'q'] as const;

/** Partes de Empleados: every report of the company (every company for an administrator), newest first. */
export default function EmployeeReportsRoute() {
  const { isAdmin } = useAuth();
  const filters = useUrlFilters(filterKeys);
  const backward = isBackwardRange(filters.values.from, filters.values.to);
  const reports = useEmployeeReports(filterParams(filters.values), !backward);
  const [selected, setSelected] = useState<EmployeeReportSummary | null>(null);
  return (
    <>
      <PageHeader title="Partes de Empleados" description="Los partes de trabajo firmados por el personal, los más recientes primero." />
      <FilterBar label="Filtrar partes" active={filters.active} onClear={filters.clear}>
        <DateRangeFilter from={filters.values.from} to={filters.values.to} onChange={filters.set} />
        <SearchFilter value={filters.values.q} onChange={(value) => filters.set('q', value)} placeholder="Trabajador o evento" />
      </FilterBar>
      {backward ? (
        <Alert variant="destructive">
          <AlertDescription>{BACKWARD_RANGE_MESSAGE}</AlertDescription>
        </Alert>
      ) : (
        <PagedList
          query={reports}
          emptyText={filters.active ? 'Ningún parte coincide con los filtros.' : 'No hay partes de trabajo todavía.'}
          errorText="No se pudieron cargar los partes de trabajo."
          emptyIcon={FileText}
          skeletonRowClassName="h-16"
        >
          {(items) => <EmployeeReportList reports={items} showCompany={isAdmin} onOpen={setSelected} />}
        </PagedList>
      )}
      {selected && <EmployeeReportDialog summary={selected} onClose={() => setSelected(null)} />}
    </>
  );
}
