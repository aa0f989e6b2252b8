import { formatDateTime, instantFromLocalDateTime } from '@jornada/shared/format';
import { CORRECTION_REASON_MAX, MISSING_RECORD_WINDOW_DAYS } from '@jornada/shared/schemas/corrections';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorDescription } from '@/lib/error-message';
import { employeesQueryOptions } from '@/features/users/api/get-employees';
import { useMissingRecordEvents, useProposeMissingRecord } from '../api/corrections';

interface Props {
  /** The company side proposes for a worker it picks here; omitted for the caller's own record. */
  forWorker?: boolean;
  onClose: () => void;
}

/**
 * 'Dar de alta un fichaje olvidado': the event, the real start and end, and a reason. Nothing is
 * recorded until the other side approves (a supervisor, or the worker with their signature).
 */
export function ProposeMissingRecordDialog({ forWorker = false, onClose }: Props) {
  const [workerId, setWorkerId] = useState('');
  // Only the company side lists the staff (a worker may not: 403).
  const employees = useInfiniteQuery({ ...employeesQueryOptions(undefined), enabled: forWorker });
  const workers = forWorker ? (employees.data?.pages.flatMap((page) => page.items) ?? []).filter((item) => !item.isDisabled) : [];
  const worker = workers.find((item) => item.id === workerId) ?? null;
  const events = useMissingRecordEvents(forWorker ? workerId || null : null, !forWorker || workerId !== '');
  const propose = useProposeMissingRecord();
  const [eventId, setEventId] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ worker?: string; event?: string; start?: string; end?: string; reason?: string; form?: string }>({});
  const items = events.data?.items ?? [];
  /** A field's message goes once the field changes (the others stay until the next submit). */
  const edit = (field: keyof typeof errors, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    const startTime = instantFromLocalDateTime(start);
    const endTime = instantFromLocalDateTime(end);
    if (forWorker && !worker) next.worker = 'Elige el trabajador.';
    if (!eventId) next.event = 'Elige el evento en el que trabajaste.';
    if (!startTime) next.start = 'Indica la fecha y hora de entrada.';
    if (!endTime) next.end = 'Indica la fecha y hora de salida.';
    if (startTime && endTime && Date.parse(endTime) <= Date.parse(startTime)) next.end = 'La hora de salida debe ser posterior a la de entrada.';
    if (reason.trim().length < 3) next.reason = 'Indica el motivo del alta.';
    setErrors(next);
    if (Object.keys(next).length > 0 || !startTime || !endTime) return;
    propose.mutate(
      { eventId, startTime, endTime, reason: reason.trim(), ...(worker ? { userId: worker.id } : {}) },
      {
        onSuccess: () => {
          toast({
            title: 'Alta de fichaje propuesta',
            description: forWorker ? 'El empleado la revisará y, si está de acuerdo, la firmará.' : 'Un supervisor de tu empresa la revisará.',
          });
          onClose();
        },
        onError: (error) => setErrors({ form: errorDescription(error, 'No se pudo proponer el alta del fichaje.') }),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !propose.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Dar de alta un fichaje olvidado</DialogTitle>
          <DialogDescription>
            Para un turno en el que no se fichó ni la entrada ni la salida (de los últimos {MISSING_RECORD_WINDOW_DAYS} días). El fichaje se
            crea solo cuando {forWorker ? 'el empleado lo apruebe con su firma' : 'un supervisor lo apruebe'}.
          </DialogDescription>
        </DialogHeader>
        <form id="propose-missing-record" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          {forWorker && (
            <FormField id="missing-worker" label="Trabajador" error={errors.worker}>
              <NativeSelect
                id="missing-worker"
                value={workerId}
                onChange={(event) => {
                  edit('worker', setWorkerId)(event.target.value);
                  setEventId('');
                }}
                disabled={employees.isPending}
                {...fieldAria('missing-worker', errors.worker)}
              >
                <option value="">{employees.isPending ? 'Cargando personal…' : 'Elige un trabajador'}</option>
                {workers.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          )}
          <FormField id="missing-event" label="Evento" error={errors.event}>
            <NativeSelect id="missing-event" value={eventId} onChange={(event) => edit('event', setEventId)(event.target.value)} disabled={forWorker && !worker} {...fieldAria('missing-event', errors.event)}>
              <option value="">{forWorker && !worker ? 'Elige antes el trabajador' : events.isPending ? 'Cargando eventos…' : items.length === 0 ? 'No hay eventos asignados recientes' : 'Elige un evento'}</option>
              {items.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name} · {formatDateTime(item.startTime)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {events.isError && <FieldError role="alert">No se pudieron cargar tus eventos.</FieldError>}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="missing-start" label="Entrada" error={errors.start}>
              <Input id="missing-start" type="datetime-local" value={start} onChange={(event) => edit('start', setStart)(event.target.value)} {...fieldAria('missing-start', errors.start)} />
            </FormField>
            <FormField id="missing-end" label="Salida" error={errors.end}>
              <Input id="missing-end" type="datetime-local" value={end} onChange={(event) => edit('end', setEnd)(event.target.value)} {...fieldAria('missing-end', errors.end)} />
            </FormField>
          </div>
          <FormField id="missing-reason" label="Motivo" error={errors.reason}>
            <Textarea
              id="missing-reason"
              value={reason}
              maxLength={CORRECTION_REASON_MAX}
              onChange={(event) => edit('reason', setReason)(event.target.value)}
              placeholder="Explica por qué no se fichó"
              {...fieldAria('missing-reason', errors.reason)}
            />
          </FormField>
          <FieldError role="alert">{errors.form}</FieldError>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={propose.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="propose-missing-record" disabled={propose.isPending}>
            {propose.isPending && <Spinner />}
            Proponer alta
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
