import type { RosterOpenEvent } from '@jornada/shared/schemas/roster';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { workingTimeWarningsOf, type WorkingTimeWarnings } from '@/features/events/api/working-time-warning';
import { WorkingTimeWarningsPanel } from '@/features/events/components/working-time-warnings';
import { showQualificationWarnings } from '@/features/qualifications/components/required-qualifications-field';
import { errorDescription } from '@/lib/error-message';
import { useAssignFromRoster } from '../api/roster';
import { longDayLabel } from '../utils/week';

export interface AssignTarget {
  userId: string;
  name: string;
  date: string;
  /** An event dragged onto the cell: the dialog offers only that one. */
  eventId?: string;
}

interface AssignDialogProps {
  target: AssignTarget | null;
  /** The range's events that still take people (the roster's list). */
  openEvents: readonly RosterOpenEvent[];
  onClose: () => void;
}

/**
 * Assigning from the roster: the day's events with room that the person is not on yet. Choosing
 * one saves through the events' own assignment endpoint, so its rules apply; a working-time warning
 * asks 'Asignar igualmente', any other refusal shows here.
 */
export function AssignDialog({ target, openEvents, onClose }: AssignDialogProps) {
  const assign = useAssignFromRoster();
  const [chosen, setChosen] = useState<RosterOpenEvent | null>(null);
  const [warnings, setWarnings] = useState<WorkingTimeWarnings | null>(null);
  const choices = target
    ? openEvents.filter((event) => event.date === target.date && !event.assignedEmployees.includes(target.userId) && (target.eventId === undefined || event.id === target.eventId))
    : [];

  const close = () => {
    if (assign.isPending) return;
    setChosen(null);
    setWarnings(null);
    assign.reset();
    onClose();
  };

  const save = (event: RosterOpenEvent, acknowledgeWarnings: boolean) => {
    if (!target) return;
    setChosen(event);
    setWarnings(null);
    assign.mutate(
      { eventId: event.id, assignedEmployees: [...event.assignedEmployees, target.userId], acknowledgeWarnings },
      {
        onSuccess: (saved) => {
          toast({ title: 'Empleado asignado', description: `${target.name} en «${event.name}».` });
          showQualificationWarnings(saved.qualificationWarnings);
          setChosen(null);
          assign.reset();
          onClose();
        },
        onError: (error) => setWarnings(workingTimeWarningsOf(error)),
      },
    );
  };

  const refusal = assign.error && !warnings ? errorDescription(assign.error, 'No se pudo asignar. Inténtalo de nuevo.') : null;
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Asignar a {target?.name}</DialogTitle>
          <DialogDescription>
            {target ? longDayLabel(target.date) : ''}: {target?.eventId ? 'confirma el evento que has soltado.' : 'elige un evento con plazas.'}
          </DialogDescription>
        </DialogHeader>
        {refusal && <Alert variant="destructive">{refusal}</Alert>}
        {choices.length === 0 ? (
          <EmptyState>No hay eventos con plazas ese día.</EmptyState>
        ) : (
          <ul className="flex max-h-80 flex-col divide-y overflow-y-auto rounded-md border" aria-label="Eventos con plazas">
            {choices.map((event) => (
              <li key={event.id} className="flex items-center gap-3 p-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{event.name}</p>
                  <p className="text-sm text-muted-foreground">
                    <span className="tabular-nums">
                      {event.start}–{event.end}
                    </span>{' '}
                    · {event.location} · {event.assignedEmployees.length === 1 ? '1 asignado' : `${event.assignedEmployees.length} asignados`}
                  </p>
                </div>
                <Button size="sm" onClick={() => save(event, false)} disabled={assign.isPending} aria-label={`Asignar a «${event.name}»`}>
                  {assign.isPending && chosen?.id === event.id && <Spinner />}
                  Asignar
                </Button>
              </li>
            ))}
          </ul>
        )}
        {warnings && chosen && (
          <WorkingTimeWarningsPanel value={warnings} pending={assign.isPending} onConfirm={() => save(chosen, true)} onDismiss={() => setWarnings(null)} />
        )}
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={assign.isPending}>
            Cerrar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
