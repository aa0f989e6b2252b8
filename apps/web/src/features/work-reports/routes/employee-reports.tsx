import type { EmployeeReportSummary } from '@jornada/shared/schemas/work-reports';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { BACKWARD_RANGE_MESSAGE, isBackwardRange } from '@/components/list-filters/filter-fields';
import { filterParams, useUrlFilters } from '@/components/list-filters/use-url-filters';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { useAuth } from '@/lib/auth';
import { useEmployeeReports } from '../api/get-employee-reports';
import { EmployeeReportDialog } from '../components/employee-report-dialog';
import { EmployeeReportFilters, employeeReportFilterKeys } from '../components/employee-report-filters';
import { EmployeeReportList } from '../components/employee-report-list';
import { PagedList } from '../components/paged-list';

/** Partes de Empleados: every report of the company (every company for an administrator), newest first. */
export default function EmployeeReportsRoute() {
  const { isAdmin } = useAuth();
  const filters = useUrlFilters(employeeReportFilterKeys);
  const backward = isBackwardRange(filters.values.from, filters.values.to);
  const reports = useEmployeeReports(filterParams(filters.values), !backward);
  const [selected, setSelected] = useState<EmployeeReportSummary | null>(null);
  return (
    <>
      <PageHeader title="Partes de Empleados" description="Los partes de trabajo firmados por el personal, los más recientes primero." />
      <EmployeeReportFilters offerChoices={!isAdmin} values={filters.values} onChange={filters.set} active={filters.active} onClear={filters.clear} />
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
