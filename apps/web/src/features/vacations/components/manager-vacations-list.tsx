import type { Vacation } from '@jornada/shared/schemas/vacations';
import { CalendarCheck, History } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useApproveVacation } from '../api/approve-vacation';
import { useDeleteVacation } from '../api/delete-vacation';
import { useVacations, type VacationListState } from '../api/get-vacations';
import { useRejectVacation } from '../api/reject-vacation';
import { ManagerVacationCard, type ManagerAction } from './manager-vacation-card';

interface ManagerVacationsListProps {
  state: VacationListState;
  companyId: string | null;
  /** Company names by id, when an administrator sees every company. */
  companyNames?: ReadonlyMap<string, string>;
}

const EMPTY_TEXT: Record<VacationListState, string> = {
  pending: 'No hay solicitudes de vacaciones pendientes.',
  processed: 'No hay solicitudes de vacaciones procesadas.',
};

/** One tab of Gestionar Vacaciones: a paged list of cards ('Cargar más') and their actions. */
export function ManagerVacationsList({ state, companyId, companyNames }: ManagerVacationsListProps) {
  const list = useVacations(state, companyId);
  const approve = useApproveVacation();
  const reject = useRejectVacation();
  const remove = useDeleteVacation();
  const [deleting, setDeleting] = useState<Vacation | null>(null);
  const running: { id: string; action: ManagerAction } | null = approve.isPending
    ? { id: approve.variables, action: 'approve' }
    : reject.isPending
      ? { id: reject.variables, action: 'reject' }
      : null;
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const onAction = (action: ManagerAction, vacation: Vacation) => {
    const updated = { onSuccess: () => toast({ title: 'Estado Actualizado', description: `Vacaciones de ${vacation.employeeName ?? 'Usuario Desconocido'} ${action === 'approve' ? 'aprobadas' : 'rechazadas'}.` }) };
    if (action === 'approve') approve.mutate(vacation.id, updated);
    else if (action === 'reject') reject.mutate(vacation.id, updated);
    else setDeleting(vacation);
  };

  if (list.isPending) return <ListSkeleton rows={3} rowClassName="h-40" />;
  if (list.isError && !list.data) {
    return (
      <Alert variant="destructive">
        <AlertDescription className="flex flex-col items-start gap-3">
          No se pudieron cargar las solicitudes de vacaciones.
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            Reintentar
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (items.length === 0) return <EmptyState icon={state === 'pending' ? <CalendarCheck /> : <History />}>{EMPTY_TEXT[state]}</EmptyState>;

  return (
    <>
      <ul className="grid gap-3 lg:grid-cols-2">
        {items.map((vacation) => (
          <li key={vacation.id}>
            <ManagerVacationCard
              vacation={vacation}
              companyName={companyNames?.get(vacation.companyId)}
              onAction={onAction}
              pendingAction={running?.id === vacation.id ? running.action : null}
              disabled={running !== null}
            />
          </li>
        ))}
      </ul>
      <LoadMoreButton hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Eliminar solicitud"
        description={<span>Se eliminará del historial la solicitud de {deleting?.employeeName ?? 'Usuario Desconocido'}. Esta acción no se puede deshacer.</span>}
        confirmLabel="Eliminar solicitud"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: 'Eliminada', description: 'La solicitud se ha eliminado del historial.' });
              setDeleting(null);
            },
          })
        }
      />
    </>
  );
}
