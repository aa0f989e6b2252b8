import type { Event } from '@jornada/shared/schemas/events';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { BACKWARD_RANGE_MESSAGE, isBackwardRange } from '@/components/list-filters/filter-fields';
import { filterParams, useUrlFilters } from '@/components/list-filters/use-url-filters';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { useDeleteEvent } from '../api/delete-event';
import { useFinishEvent } from '../api/finish-event';
import type { ManageFilter } from '../api/get-managed-events';
import type { EventAction } from '../components/event-actions';
import { EventFilters, eventFilterKeys } from '../components/event-filters';
import { EventFormDialog } from '../components/event-form-dialog';
import { ManagedEventsList } from '../components/managed-events-list';
import { VenueCodeDialog } from '../components/venue-code-dialog';
import { useWorkerFilterOffered } from '../utils/use-worker-filter-offered';
import { AssignmentHistoryDialog } from '../components/assignment-history-dialog';
import { CompanySwaps } from '../components/company-swaps';
import { useAuth } from '@/lib/auth';

type OpenDialog = { kind: 'create' } | { kind: EventAction; event: Event } | null;
const filters: ManageFilter[] = ['Programado', 'Finalizado'];
/** Decision 052: the supervisor's 'Cambios de turno' tab (a notification opens it with ?cambios=1). */
const SWAPS_TAB = 'Cambios de turno';

/** Spec section 2 screen 12: Gestionar Eventos. */
export default function ManageEventsRoute() {
  const [searchParams] = useSearchParams();
  // The company's swaps are a supervisor's; an administrator has no company of their own here.
  const seesSwaps = useAuth().role === 'Supervisor';
  const [filter, setFilter] = useState<ManageFilter | typeof SWAPS_TAB>(seesSwaps && searchParams.get('cambios') === '1' ? SWAPS_TAB : 'Programado');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const offerWorkers = useWorkerFilterOffered();
  const listFilters = useUrlFilters(eventFilterKeys);
  const backward = isBackwardRange(listFilters.values.from, listFilters.values.to);
  const remove = useDeleteEvent();
  const finish = useFinishEvent();
  const close = () => setDialog(null);
  const target = dialog && dialog.kind !== 'create' ? dialog.event : undefined;

  return (
    <>
      <PageHeader
        title="Gestionar Eventos"
        description="Crea, edita y elimina eventos, y asigna su personal."
        actions={
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <Plus aria-hidden="true" />
            Nuevo evento
          </Button>
        }
      />
      <EventFilters offerWorkers={offerWorkers} values={listFilters.values} onChange={listFilters.set} active={listFilters.active} onClear={listFilters.clear} />
      {backward && (
        <Alert variant="destructive">
          <AlertDescription>{BACKWARD_RANGE_MESSAGE}</AlertDescription>
        </Alert>
      )}
      <Tabs value={filter} onValueChange={(value) => setFilter(value as ManageFilter | typeof SWAPS_TAB)}>
        <TabsList aria-label="Estado de los eventos" className="flex-wrap">
          {filters.map((value) => (
            <TabsTrigger key={value} value={value} className="min-w-28">
              {value}
            </TabsTrigger>
          ))}
          {seesSwaps && (
            <TabsTrigger value={SWAPS_TAB} className="min-w-28">
              {SWAPS_TAB}
            </TabsTrigger>
          )}
        </TabsList>
        {filters.map((value) => (
          <TabsContent key={value} value={value}>
            {!backward && <ManagedEventsList filter={value} filters={filterParams(listFilters.values)} onAction={(kind, event) => setDialog({ kind, event })} />}
          </TabsContent>
        ))}
        {seesSwaps && (
          <TabsContent value={SWAPS_TAB}>
            <CompanySwaps />
          </TabsContent>
        )}
      </Tabs>
      <AssignmentHistoryDialog event={dialog?.kind === 'history' ? dialog.event : undefined} onOpenChange={(open) => !open && close()} />
      <EventFormDialog
        open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        onOpenChange={(open) => !open && close()}
        event={dialog?.kind === 'edit' ? dialog.event : undefined}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={(open) => !open && close()}
        title="Eliminar evento"
        description={<span>Se eliminará «{target?.name}» con su personal asignado. Esta acción no se puede deshacer.</span>}
        confirmLabel="Eliminar evento"
        pending={remove.isPending}
        onConfirm={() =>
          target &&
          remove.mutate(target.id, {
            onSuccess: () => {
              toast({ title: 'Evento eliminado' });
              close();
            },
          })
        }
      />
      <VenueCodeDialog event={dialog?.kind === 'venue-code' ? dialog.event : undefined} onOpenChange={(open) => !open && close()} />
      <ConfirmDialog
        open={dialog?.kind === 'finish'}
        onOpenChange={(open) => !open && close()}
        title="Finalizar evento"
        description={<span>«{target?.name}» terminará ahora mismo y pasará a Finalizado.</span>}
        confirmLabel="Finalizar ahora"
        destructive={false}
        pending={finish.isPending}
        onConfirm={() =>
          target &&
          finish.mutate(target.id, {
            onSuccess: () => {
              toast({ title: 'Evento finalizado' });
              close();
            },
          })
        }
      />
    </>
  );
}
