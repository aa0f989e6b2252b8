import { DECLINE_REASON_MAX, declineAssignmentRequestSchema, type Event } from '@jornada/shared/schemas/events';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorDescription, isSessionEnded } from '@/lib/error-message';
import { useAnswerAssignment } from '../api/answer-assignment';

/** The caller's own answer on a shift: 'pending' while the company waits for it (decision 046). */
export function ownAssignmentState(event: Event, userId: string | undefined) {
  const index = userId === undefined ? -1 : event.assignedEmployees.indexOf(userId);
  return index < 0 ? undefined : event.assignedEmployeeStates[index];
}

function toastError(error: unknown, fallback: string) {
  if (isSessionEnded(error)) return;
  toast({ variant: 'destructive', title: 'Error', description: errorDescription(error, fallback) });
}

/** 'Pendiente de aceptar' with 'Aceptar' and 'Rechazar' (the reason is asked in a dialog). */
export function PendingShiftActions({ event }: { event: Event }) {
  const answer = useAnswerAssignment();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setDeclining(false);
    setReason('');
    setError(undefined);
  };
  const onAccept = () =>
    answer.mutate(
      { eventId: event.id, action: 'accept' },
      { onSuccess: () => toast({ title: 'Turno aceptado' }), onError: (failure) => toastError(failure, 'No se pudo aceptar el turno.') },
    );
  const onDecline = () => {
    const parsed = declineAssignmentRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    answer.mutate(
      { eventId: event.id, action: 'decline', reason: parsed.data.reason },
      {
        onSuccess: () => {
          toast({ title: 'Turno rechazado', description: 'Tu supervisor recibe el aviso con el motivo.' });
          close();
        },
        onError: (failure) => toastError(failure, 'No se pudo rechazar el turno.'),
      },
    );
  };

  return (
    <div className="flex flex-col gap-3 border-t border-border pt-3">
      <Badge variant="warning" className="self-start">
        Pendiente de aceptar
      </Badge>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onAccept} disabled={answer.isPending} className="flex-1 sm:flex-none">
          {answer.isPending && !declining ? <Spinner /> : <Check aria-hidden="true" />}
          Aceptar
        </Button>
        <Button variant="destructive-outline" onClick={() => setDeclining(true)} disabled={answer.isPending} className="flex-1 sm:flex-none">
          <X aria-hidden="true" />
          Rechazar
        </Button>
      </div>
      <ConfirmDialog
        open={declining}
        onOpenChange={(next) => !next && !answer.isPending && close()}
        title="Rechazar turno"
        description={<span>Dejarás libre tu puesto en «{event.name}». Tu supervisor verá el motivo.</span>}
        confirmLabel="Rechazar turno"
        pending={answer.isPending}
        onConfirm={onDecline}
      >
        <FormField id={`decline-reason-${event.id}`} label="Motivo" error={error} hint={`Obligatorio, como mucho ${DECLINE_REASON_MAX} caracteres.`}>
          <Textarea
            id={`decline-reason-${event.id}`}
            value={reason}
            maxLength={DECLINE_REASON_MAX}
            onChange={(change) => {
              setReason(change.target.value);
              setError(undefined);
            }}
            className="min-h-20"
            {...fieldAria(`decline-reason-${event.id}`, error, true)}
          />
        </FormField>
      </ConfirmDialog>
    </div>
  );
}
