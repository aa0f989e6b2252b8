import { EVENT_FIELDS_REQUIRED_MESSAGE, type Event } from '@jornada/shared/schemas/events';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CompanyPicker } from '@/components/companies/company-picker';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox';
import { DialogFooter } from '@/components/ui/dialog';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth';
import { useCompanies } from '@/lib/companies/get-companies';
import { useEventRequirements } from '@/features/qualifications/api/qualifications';
import { RequiredQualificationsField, showQualificationWarnings } from '@/features/qualifications/components/required-qualifications-field';
import { saveOpenPlaces, useEventOpenPlaces } from '@/features/open-shifts/api/open-shifts';
import { OpenPlacesPanel } from '@/features/open-shifts/components/open-places-panel';
import { OpenPlacesField, openPlacesRequestOf, openPlacesValueOf, type OpenPlacesValue } from '@/features/open-shifts/components/open-places-field';
import { useCreateEvent } from '../api/create-event';
import { useAssignableEmployees } from '../api/get-assignable-employees';
import { invalidateEvents } from '../api/invalidate-events';
import { useUpdateEvent } from '../api/update-event';
import { workingTimeWarningsOf, type WorkingTimeWarnings } from '../api/working-time-warning';
import { eventFormResolver, formValuesOf, type EventFormValues } from '../utils/event-form-values';
import { DateTimeInput } from './date-time-field';
import { EventPlaceField } from './event-place-field';
import { EventTypeField } from './event-type-field';
import { RepeatDaysField } from './repeat-days-field';
import { StaffField } from './staff-field';
import { WorkingTimeWarningsPanel } from './working-time-warnings';

const NO_COMPANIES_MESSAGE = 'No hay empresas creadas. Crea una primero.';
const requiredFields = ['name', 'location', 'date', 'endDate'] as const;

interface EventFormProps {
  /** The event to edit; a new event when absent. */
  event?: Event;
  onDone: () => void;
  onCancel: () => void;
}

/** Spec section 2 screen 12: the event form ('Nuevo evento' and edit). */
export function EventForm({ event, onDone, onCancel }: EventFormProps) {
  const editing = event !== undefined;
  const { isAdmin } = useAuth();
  const choosesCompany = isAdmin && !editing;
  const companies = useCompanies(choosesCompany);
  const noCompanies = choosesCompany && companies.data?.length === 0;
  const { register, control, handleSubmit, watch, setValue, formState } = useForm<EventFormValues>({
    resolver: eventFormResolver(editing, choosesCompany),
    defaultValues: formValuesOf(event),
  });
  const { errors } = formState;
  const [type, start, end, chosenCompany] = watch(['type', 'date', 'endDate', 'companyId']);
  const staffCompanyId = isAdmin ? (event?.companyId ?? (chosenCompany || null)) : null;
  const staffReady = !isAdmin || staffCompanyId !== null;
  const staff = useAssignableEmployees(staffCompanyId, staffReady);
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const pending = create.isPending || update.isPending;

  const nameOf = (id: string) => {
    const known = staff.data?.employees.find((employee) => employee.id === id)?.name;
    const index = event?.assignedEmployees.indexOf(id) ?? -1;
    return known ?? (index >= 0 ? event?.assignedEmployeeNames[index] : undefined) ?? 'Usuario no encontrado';
  };
  // One 'complete every field' message for all the empty fields; other messages sit by their field.
  const ownError = (field: (typeof requiredFields)[number]) => {
    const message = errors[field]?.message;
    return message === EVENT_FIELDS_REQUIRED_MESSAGE ? undefined : message;
  };
  const missingFields = requiredFields.some((field) => errors[field]?.message === EVENT_FIELDS_REQUIRED_MESSAGE);
  const aria = (field: (typeof requiredFields)[number]) => ({
    ...fieldAria(`event-${field}`, ownError(field)),
    'aria-invalid': errors[field] ? true : undefined,
  });

  // 'Titulaciones requeridas': the saved list when editing (null until it loads), sent only once known.
  const savedRequirements = useEventRequirements(event?.id);
  const [requiredChoice, setRequiredChoice] = useState<string[] | null>(null);
  const required = requiredChoice ?? (editing ? (savedRequirements.data?.typeIds ?? null) : []);

  // 'Plazas abiertas' (decision 051): published after the event is saved, only when touched.
  const queryClient = useQueryClient();
  const savedPlaces = useEventOpenPlaces(event?.id);
  const [placesChoice, setPlacesChoice] = useState<OpenPlacesValue | null>(null);
  const placesValue = placesChoice ?? (savedPlaces.data ? openPlacesValueOf(savedPlaces.data.places) : {});
  const publishPlaces = async (eventIds: readonly string[]) => {
    if (placesChoice === null) return;
    await Promise.all(eventIds.map((eventId) => saveOpenPlaces(eventId, openPlacesRequestOf(placesChoice))));
    await invalidateEvents(queryClient);
  };

  // A refused assignment's working-time warnings, and the values to send again once acknowledged.
  const [warnings, setWarnings] = useState<{ found: WorkingTimeWarnings; values: EventFormValues } | null>(null);

  const save = (values: EventFormValues, acknowledgeWarnings: boolean) => {
    const onError = (error: unknown) => {
      const found = workingTimeWarningsOf(error);
      setWarnings(found ? { found, values } : null);
    };
    if (event) {
      const body = {
        name: values.name,
        location: values.location,
        date: values.date,
        endDate: values.endDate,
        type: event.type,
        assignedEmployees: values.assignedEmployees,
        // Always sent: no point removes the event's place ('Quitar ubicación').
        geoLat: values.geoLat ?? null,
        geoLng: values.geoLng ?? null,
        geoRadiusM: values.geoRadiusM,
        requiresVenueCode: values.requiresVenueCode,
        acknowledgeWarnings,
        ...(required !== null ? { requiredQualifications: required } : {}),
      };
      const onSuccess = async (saved: Event) => {
        await publishPlaces([saved.id]).catch(() => undefined);
        toast({ title: 'Evento actualizado' });
        showQualificationWarnings(saved.qualificationWarnings);
        onDone();
      };
      update.mutate({ id: event.id, body }, { onSuccess, onError });
      return;
    }
    const { placeText: _placeText, radiusText: _radiusText, ...request } = values;
    const body = {
      ...request,
      repeatDays: values.type === 'constant' ? values.repeatDays : [],
      companyId: choosesCompany ? values.companyId : undefined,
      acknowledgeWarnings,
      requiredQualifications: required ?? [],
    };
    create.mutate(body, {
      onSuccess: async ({ count, items, qualificationWarnings }) => {
        await publishPlaces(items.map((item) => item.id)).catch(() => undefined);
        toast({ title: count === 1 ? 'Evento creado' : `${count} eventos creados` });
        showQualificationWarnings(qualificationWarnings);
        onDone();
      },
      onError,
    });
  };
  const onSubmit = handleSubmit((values) => save(values, false));

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {choosesCompany &&
        (noCompanies ? (
          <FormField id="event-companyId" label="Empresa" error={errors.companyId?.message}>
            <Alert variant="destructive">
              <AlertDescription>{NO_COMPANIES_MESSAGE}</AlertDescription>
            </Alert>
          </FormField>
        ) : (
          <CompanyPicker
            id="event-companyId"
            empty="choose"
            error={errors.companyId?.message}
            {...register('companyId', {
              onChange: () => {
                setValue('assignedEmployees', []);
                setRequiredChoice([]);
              },
            })}
          />
        ))}
      <FormField id="event-name" label="Nombre" error={ownError('name')}>
        <Input id="event-name" autoComplete="off" maxLength={200} {...register('name')} {...aria('name')} />
      </FormField>
      <FormField id="event-location" label="Ubicación" error={ownError('location')}>
        <Input id="event-location" autoComplete="off" maxLength={300} {...register('location')} {...aria('location')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        {(['date', 'endDate'] as const).map((field) => (
          <FormField key={field} id={`event-${field}`} label={field === 'date' ? 'Inicio' : 'Fin'} error={ownError(field)}>
            <Controller
              control={control}
              name={field}
              render={({ field: input }) => (
                <DateTimeInput id={`event-${field}`} name={input.name} value={input.value} onChange={input.onChange} onBlur={input.onBlur} ref={input.ref} {...aria(field)} />
              )}
            />
          </FormField>
        ))}
      </div>
      <Controller
        control={control}
        name="type"
        render={({ field }) => <EventTypeField value={field.value ?? 'momentary'} onChange={field.onChange} locked={editing} />}
      />
      {!editing && type === 'constant' && (
        <Controller
          control={control}
          name="repeatDays"
          render={({ field }) => (
            <RepeatDaysField value={field.value ?? []} onChange={field.onChange} start={start} end={end} error={errors.repeatDays?.message} />
          )}
        />
      )}
      <EventPlaceField register={register} setValue={setValue} errors={errors} placeText={watch('placeText')} />
      <Controller
        control={control}
        name="assignedEmployees"
        render={({ field }) => (
          <StaffField
            value={field.value ?? []}
            onChange={field.onChange}
            companyId={staffCompanyId}
            ready={staffReady}
            nameOf={nameOf}
            plan={{ date: start, endDate: end, type: type ?? 'momentary', repeatDays: watch('repeatDays') ?? [], eventId: event?.id, companyId: staffCompanyId }}
          />
        )}
      />
      {(!editing || savedPlaces.data) && (
        <OpenPlacesField categories={staff.data?.categories ?? []} value={placesValue} onChange={setPlacesChoice} saved={savedPlaces.data?.places} />
      )}
      {editing && savedPlaces.data && savedPlaces.data.claims.length > 0 && <OpenPlacesPanel eventId={event.id} title="Solicitudes de plazas abiertas" />}
      <RequiredQualificationsField companyId={staffCompanyId} ready={staffReady} value={required} onChange={setRequiredChoice} />
      <Controller
        control={control}
        name="requiresVenueCode"
        render={({ field }) => (
          <CheckboxField
            label="Pedir código del lugar al fichar"
            hint="Para iniciar el turno, el personal escanea o escribe el código que muestra el móvil del supervisor."
            checked={field.value ?? false}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            className="-mx-2"
          />
        )}
      />
      {missingFields && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {EVENT_FIELDS_REQUIRED_MESSAGE}
        </p>
      )}
      {warnings && (
        <WorkingTimeWarningsPanel value={warnings.found} pending={pending} onConfirm={() => save(warnings.values, true)} onDismiss={() => setWarnings(null)} />
      )}
      <DialogFooter className="pt-2">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={pending || noCompanies}>
          {pending && <Spinner />}
          {editing ? 'Guardar cambios' : 'Crear evento'}
        </Button>
      </DialogFooter>
    </form>
  );
}
