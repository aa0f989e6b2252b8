import type { EmployeeReportSummary } from '@jornada/shared/schemas/work-reports';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { useAuth } from '@/lib/auth';
import { useEmployeeReports } from '../api/get-employee-reports';
import { EmployeeReportDialog } from '../components/employee-report-dialog';
import { EmployeeReportList } from '../components/employee-report-list';
import { PagedList } from '../components/paged-list';

/** Partes de Empleados: every report of the company (every company for an administrator), newest first. */
export default function EmployeeReportsRoute() {
  const { isAdmin } = useAuth();
  const reports = useEmployeeReports();
  const [selected, setSelected] = useState<EmployeeReportSummary | null>(null);
  return (
    <>
      <PageHeader title="Partes de Empleados" description="Los partes de trabajo firmados por el personal, los más recientes primero." />
      <PagedList query={reports} emptyText="No hay partes de trabajo todavía." errorText="No se pudieron cargar los partes de trabajo." emptyIcon={FileText} skeletonRowClassName="h-16">
        {(items) => <EmployeeReportList reports={items} showCompany={isAdmin} onOpen={setSelected} />}
      </PagedList>
      {selected && <EmployeeReportDialog summary={selected} onClose={() => setSelected(null)} />}
    </>
  );
}
