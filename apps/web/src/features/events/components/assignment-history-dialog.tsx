import { ASSIGNMENT_SOURCE_LABELS } from '@jornada/shared/schemas/shift-swaps';
import type { Event } from '@jornada/shared/schemas/events';
import { formatDateTime } from '@jornada/shared/format';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useAssignmentHistory } from '../api/shift-swaps';

/** 'Historial de asignaciones': who was put on or taken off the event, when, by whom and how (decision 052). */
export function AssignmentHistoryDialog({ event, onOpenChange }: { event: Event | undefined; onOpenChange: (open: boolean) => void }) {
  const history = useAssignmentHistory(event?.id);
  const items = history.data?.items ?? [];
  return (
    <Dialog open={event !== undefined} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Historial de asignaciones</DialogTitle>
          <DialogDescription className="break-words">{event?.name}</DialogDescription>
        </DialogHeader>
        {history.isPending ? (
          <ListSkeleton rows={3} rowClassName="h-12" />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aún no hay cambios registrados en este evento.</p>
        ) : (
          <ol className="flex max-h-96 flex-col gap-2 overflow-y-auto text-sm" aria-label="Historial de asignaciones">
            {items.map((item) => (
              <li key={item.id} className="flex flex-col gap-1 rounded-md border border-border p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={item.change === 'assigned' ? 'success' : 'outline'}>{item.change === 'assigned' ? 'Asignado' : 'Retirado'}</Badge>
                  <span className="font-semibold break-words">{item.userName}</span>
                </div>
                <span className="text-muted-foreground">
                  {formatDateTime(item.at)} · {ASSIGNMENT_SOURCE_LABELS[item.source]}
                  {item.actorName ? ` · por ${item.actorName}` : ''}
                </span>
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
