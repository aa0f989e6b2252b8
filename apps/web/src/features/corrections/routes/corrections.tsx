import { ClipboardCheck } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth';
import { describeEntry } from '@/lib/time-records/time-log-entry';
import { useCorrections, useSinCierre, type CorrectionTab } from '../api/corrections';
import { CorrectionActions } from '../components/correction-actions';
import { CorrectionCard } from '../components/correction-card';
import { MissingRecordButton } from '../components/missing-record-button';
import { RecordCorrectionButtons, RecordFlags } from '../components/record-correction-buttons';

/**
 * Correcciones: the corrections of the caller's scope (an employee's own, a supervisor's company,
 * an administrator's every company), pending first; and the records 'Sin cierre' to close.
 */
export default function CorrectionsRoute() {
  const { isEmployee, isAdmin, session } = useAuth();
  // The company side picks the worker from the staff list, which needs 'view-employees'.
  const canPickWorker = !isEmployee && session?.profile.grantedViews.includes('view-employees') === true;
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: CorrectionTab = searchParams.get('estado') === 'decididas' ? 'decididas' : 'pendiente';
  const list = useCorrections(tab, null);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <PageHeader
        title="Correcciones"
        description={
          isEmployee
            ? 'Las correcciones de tus fichajes. Una corrección solo se aplica cuando la aprueba la otra parte.'
            : 'Correcciones de fichajes propuestas por el personal o por la empresa. Se aplican solo cuando las aprueba la otra parte.'
        }
      />
      <div className="flex flex-col gap-6">
        {/* Only someone who clocks (an Empleado or a Supervisor) can miss a record of their own. */}
        {(!isAdmin || canPickWorker) && (
          <div className="flex flex-wrap gap-2">
            {!isAdmin && <MissingRecordButton />}
            {canPickWorker && <MissingRecordButton forWorker />}
          </div>
        )}
        <SinCierreSection isEmployee={isEmployee} />
        <section aria-labelledby="corrections-list" className="flex flex-col gap-4">
          <h2 id="corrections-list" className="sr-only">
            Correcciones
          </h2>
          <Tabs
            value={tab}
            onValueChange={(value) => setSearchParams(value === 'decididas' ? { estado: 'decididas' } : {}, { replace: true })}
            className="flex flex-col gap-4"
          >
            <TabsList>
              <TabsTrigger value="pendiente">Pendientes</TabsTrigger>
              <TabsTrigger value="decididas">Decididas</TabsTrigger>
            </TabsList>
            {/* The list is the selected tab's panel (tabs point at their panel: aria-controls). */}
            <TabsContent value={tab} className="mt-0">
              {list.isPending ? (
                <ListSkeleton rows={3} rowClassName="h-48" />
              ) : list.isError && !list.data ? (
                <Alert variant="destructive">
                  <AlertDescription className="flex flex-col items-start gap-3">
                    No se pudieron cargar las correcciones.
                    <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
                      Reintentar
                    </Button>
                  </AlertDescription>
                </Alert>
              ) : items.length === 0 ? (
                <EmptyState icon={<ClipboardCheck />}>{tab === 'pendiente' ? 'No hay correcciones pendientes.' : 'Todavía no hay correcciones decididas.'}</EmptyState>
              ) : (
                <>
                  <ul aria-label={tab === 'pendiente' ? 'Correcciones pendientes' : 'Correcciones decididas'} className="grid gap-3 xl:grid-cols-2">
                    {items.map((item) => (
                      <li key={item.id}>
                        <CorrectionCard correction={item} showWorker={!isEmployee} showCompany={isAdmin} actions={<CorrectionActions correction={item} />} />
                      </li>
                    ))}
                  </ul>
                  <LoadMoreButton hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
                </>
              )}
            </TabsContent>
          </Tabs>
        </section>
      </div>
    </>
  );
}

/** Records still open 2 hours after their event ended: closed only through a correction. */
function SinCierreSection({ isEmployee }: { isEmployee: boolean }) {
  const sinCierre = useSinCierre();
  const records = sinCierre.data?.records ?? [];
  if (records.length === 0) return null;
  return (
    <section aria-labelledby="sin-cierre" className="flex flex-col gap-3">
      <h2 id="sin-cierre" className="text-lg font-semibold">
        Fichajes sin cierre
      </h2>
      <p className="text-sm text-muted-foreground">
        {isEmployee
          ? 'No fichaste la salida de este turno. Solicita una corrección con tu hora real de salida.'
          : 'Siguen abiertos 2 horas después del fin de su evento. Se cierran solo con una corrección aprobada por ambas partes.'}
      </p>
      <ul aria-label="Fichajes sin cierre" className="grid gap-3 xl:grid-cols-2">
        {records.map((record) => {
          const row = describeEntry(record);
          return (
            <li key={record.id} className="flex flex-col gap-2 rounded-xl border border-destructive/40 bg-card p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  {!isEmployee && <p className="font-semibold break-words">{row.user}</p>}
                  <p className="break-words">{row.event}</p>
                  <p className="text-sm text-muted-foreground">
                    {row.date} · entrada {row.start}
                  </p>
                </div>
                <div className="flex flex-wrap gap-1">
                  <RecordFlags record={record} />
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <RecordCorrectionButtons record={record} byCompany={!isEmployee} workerName={isEmployee ? null : row.user} />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
