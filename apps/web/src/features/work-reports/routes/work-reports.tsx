import type { PendingReportEvent } from '@jornada/shared/schemas/work-reports';
import { ClipboardCheck, FileCheck2 } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { useMyWorkReports } from '../api/get-my-work-reports';
import { usePendingReportEvents } from '../api/get-pending-report-events';
import { MyReportCard } from '../components/my-report-card';
import { PagedList } from '../components/paged-list';
import { PendingEventCard } from '../components/pending-event-card';
import { WorkReportDialog } from '../components/work-report-dialog';

/** Partes de Trabajo: finished events waiting for a report, and the reports already signed. */
export default function WorkReportsRoute() {
  const pending = usePendingReportEvents();
  const reports = useMyWorkReports();
  const [selected, setSelected] = useState<PendingReportEvent | null>(null);

  return (
    <>
      <PageHeader title="Partes de Trabajo" description="Genera y firma el parte de cada evento finalizado." />
      <div className="flex flex-col gap-8">
        <section aria-labelledby="pending-reports" className="flex flex-col gap-3">
          <h2 id="pending-reports" className="text-lg font-semibold">
            Eventos pendientes de parte
          </h2>
          <PagedList query={pending} emptyText="No tienes eventos finalizados pendientes de parte." errorText="No se pudieron cargar tus eventos." emptyIcon={ClipboardCheck}>
            {(events) => (
              <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                {events.map((event) => (
                  <PendingEventCard key={event.id} event={event} onGenerate={() => setSelected(event)} />
                ))}
              </div>
            )}
          </PagedList>
        </section>
        <section aria-labelledby="generated-reports" className="flex flex-col gap-3">
          <h2 id="generated-reports" className="text-lg font-semibold">
            Partes generados
          </h2>
          <PagedList query={reports} emptyText="Todavía no has generado ningún parte." errorText="No se pudieron cargar tus partes." emptyIcon={FileCheck2}>
            {(items) => (
              <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                {items.map((report) => (
                  <MyReportCard key={report.id} report={report} />
                ))}
              </div>
            )}
          </PagedList>
        </section>
      </div>
      {selected && <WorkReportDialog event={selected} onClose={() => setSelected(null)} />}
    </>
  );
}
