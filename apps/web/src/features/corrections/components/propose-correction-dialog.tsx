import { instantFromLocalDateTime, localDateTimeOf } from '@jornada/shared/format';
import { CORRECTION_REASON_MAX, type ProposeCorrectionRequest } from '@jornada/shared/schemas/corrections';
import type { TimeRecord } from '@jornada/shared/schemas/time-records';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorDescription } from '@/lib/error-message';
import { useProposeCorrection } from '../api/corrections';
import { intervalText } from './correction-values';

interface ProposeCorrectionDialogProps {
  record: Pick<TimeRecord, 'id' | 'startTime' | 'endTime' | 'eventName' | 'sinCierre'>;
  /** Whose record it is, when a supervisor proposes ('de Juan Pérez'). */
  workerName?: string | null;
  /** True when the company proposes: the employee will approve with their signature. */
  byCompany: boolean;
  onClose: () => void;
}

/**
 * 'Solicitar corrección': the new start and/or end and a reason. Nothing changes until the other
 * side approves (the employee with their signature, or a supervisor).
 */
export function ProposeCorrectionDialog({ record, workerName, byCompany, onClose }: ProposeCorrectionDialogProps) {
  const propose = useProposeCorrection();
  const originalStart = localDateTimeOf(record.startTime);
  const originalEnd = record.endTime ? localDateTimeOf(record.endTime) : '';
  const [start, setStart] = useState(originalStart);
  const [end, setEnd] = useState(originalEnd);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ start?: string; end?: string; reason?: string; form?: string }>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    const startTime = start === originalStart ? undefined : (instantFromLocalDateTime(start) ?? undefined);
    const endTime = end === originalEnd ? undefined : (instantFromLocalDateTime(end) ?? undefined);
    if (start !== originalStart && !startTime) next.start = 'La fecha y hora de entrada no son válidas.';
    if (end !== originalEnd && !endTime) next.end = 'La fecha y hora de salida no son válidas.';
    if (!record.endTime && !end) next.end = 'Indica la hora real de salida.';
    if (!next.start && !next.end && startTime === undefined && endTime === undefined) next.form = 'Cambia la hora de entrada o de salida.';
    if (reason.trim().length < 3) next.reason = 'Indica el motivo de la corrección.';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const body: ProposeCorrectionRequest = { reason: reason.trim(), ...(startTime ? { startTime } : {}), ...(endTime ? { endTime } : {}) };
    propose.mutate(
      { recordId: record.id, body },
      {
        onSuccess: () => {
          toast({
            title: 'Corrección solicitada',
            description: byCompany ? 'El empleado la revisará y, si está de acuerdo, la firmará.' : 'Un supervisor de tu empresa la revisará.',
          });
          onClose();
        },
        onError: (error) => setErrors({ form: errorDescription(error, 'No se pudo solicitar la corrección.') }),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !propose.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Solicitar corrección</DialogTitle>
          <DialogDescription>
            {record.eventName ?? 'Evento Desconocido'}
            {workerName ? ` · ${workerName}` : ''}. Actual: {intervalText(record.startTime, record.endTime)}. El fichaje no cambia hasta que{' '}
            {byCompany ? 'el empleado lo apruebe con su firma' : 'un supervisor lo apruebe'}.
          </DialogDescription>
        </DialogHeader>
        <form id="propose-correction" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="correction-start" label="Entrada" error={errors.start}>
              <Input id="correction-start" type="datetime-local" value={start} onChange={(event) => setStart(event.target.value)} {...fieldAria('correction-start', errors.start)} />
            </FormField>
            <FormField id="correction-end" label="Salida" error={errors.end}>
              <Input id="correction-end" type="datetime-local" value={end} onChange={(event) => setEnd(event.target.value)} {...fieldAria('correction-end', errors.end)} />
            </FormField>
          </div>
          <FormField id="correction-reason" label="Motivo" error={errors.reason}>
            <Textarea
              id="correction-reason"
              value={reason}
              maxLength={CORRECTION_REASON_MAX}
              onChange={(event) => setReason(event.target.value)}
              placeholder="Explica por qué hay que corregir el fichaje"
              {...fieldAria('correction-reason', errors.reason)}
            />
          </FormField>
          <FieldError role="alert">{errors.form}</FieldError>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={propose.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="propose-correction" disabled={propose.isPending}>
            {propose.isPending && <Spinner />}
            Enviar solicitud
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
