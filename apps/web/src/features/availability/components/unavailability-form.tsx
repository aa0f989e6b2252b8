import { createUnavailabilityRequestSchema, MAX_UNAVAILABILITY_NOTE, weekdayLabels, type UnavailabilityKind } from '@jornada/shared/schemas/availability';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorDescription, isSessionEnded } from '@/lib/error-message';
import { useCreateUnavailability } from '../api/availability';

interface Draft {
  kind: UnavailabilityKind;
  startDate: string;
  endDate: string;
  weekday: string;
  allDay: boolean;
  startTime: string;
  endTime: string;
  note: string;
}

const emptyDraft: Draft = { kind: 'dates', startDate: '', endDate: '', weekday: '0', allDay: true, startTime: '', endTime: '', note: '' };

/** 'Añadir periodo': dates (all day or some hours each day) or a weekday every week. */
export function UnavailabilityForm() {
  const create = useCreateUnavailability();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [error, setError] = useState<string | null>(null);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const dated = draft.kind === 'dates';
    const parsed = createUnavailabilityRequestSchema.safeParse({
      kind: draft.kind,
      ...(dated ? { startDate: draft.startDate || undefined, endDate: (draft.endDate || draft.startDate) || undefined } : { weekday: Number(draft.weekday) }),
      allDay: draft.allDay,
      ...(draft.allDay ? {} : { startTime: draft.startTime || undefined, endTime: draft.endTime || undefined }),
      ...(draft.note.trim() ? { note: draft.note } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Revisa los datos.');
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'No disponibilidad guardada', description: 'Tu supervisor verá un aviso si te asigna en ese horario.' });
        setDraft({ ...emptyDraft, kind: draft.kind });
      },
      onError: (failure) => {
        if (!isSessionEnded(failure)) setError(errorDescription(failure, 'No se pudo guardar.'));
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Añadir periodo</CardTitle>
        <CardDescription>Indica cuándo no puedes trabajar. Las horas son las de la empresa.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField id="unavailability-kind" label="Tipo" className="sm:col-span-2">
            <NativeSelect id="unavailability-kind" value={draft.kind} onChange={(event) => set({ kind: event.target.value as UnavailabilityKind })}>
              <option value="dates">Fechas concretas</option>
              <option value="weekly">Cada semana</option>
            </NativeSelect>
          </FormField>
          {draft.kind === 'dates' ? (
            <>
              <FormField id="unavailability-start-date" label="Desde">
                <Input id="unavailability-start-date" type="date" value={draft.startDate} onChange={(event) => set({ startDate: event.target.value })} />
              </FormField>
              <FormField id="unavailability-end-date" label="Hasta" hint="Vacío: solo ese día.">
                <Input id="unavailability-end-date" type="date" value={draft.endDate} onChange={(event) => set({ endDate: event.target.value })} />
              </FormField>
            </>
          ) : (
            <FormField id="unavailability-weekday" label="Día de la semana" className="sm:col-span-2">
              <NativeSelect id="unavailability-weekday" value={draft.weekday} onChange={(event) => set({ weekday: event.target.value })}>
                {weekdayLabels.map((label, index) => (
                  <option key={label} value={String(index)}>
                    {label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          )}
          <CheckboxField className="sm:col-span-2" label="Todo el día" checked={draft.allDay} onCheckedChange={(checked) => set({ allDay: checked === true })} />
          {!draft.allDay && (
            <>
              <FormField id="unavailability-start-time" label="Hora de inicio">
                <Input id="unavailability-start-time" type="time" value={draft.startTime} onChange={(event) => set({ startTime: event.target.value })} />
              </FormField>
              <FormField id="unavailability-end-time" label="Hora de fin" hint="Si es anterior a la de inicio, acaba al día siguiente.">
                <Input id="unavailability-end-time" type="time" value={draft.endTime} onChange={(event) => set({ endTime: event.target.value })} />
              </FormField>
            </>
          )}
          <FormField id="unavailability-note" label="Nota (opcional)" className="sm:col-span-2">
            <Textarea id="unavailability-note" rows={2} maxLength={MAX_UNAVAILABILITY_NOTE} value={draft.note} onChange={(event) => set({ note: event.target.value })} />
          </FormField>
          {error && (
            <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
              {error}
            </p>
          )}
          <Button type="submit" className="w-full sm:col-span-2 sm:w-auto sm:justify-self-end" disabled={create.isPending}>
            {create.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
            Añadir
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
