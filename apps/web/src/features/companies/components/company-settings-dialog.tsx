import { OPEN_SHIFT_MODE_LABELS, type OpenShiftMode } from '@jornada/shared/schemas/open-shifts';
import { QUALIFICATION_CHECK_LABELS, type QualificationCheck } from '@jornada/shared/schemas/qualifications';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Company } from '@jornada/shared/schemas/companies';
import {
  AUTO_CLOCK_OUT_TOLERANCE_MAX_MIN,
  GEOFENCE_MODE_LABELS,
  updateCompanySettingsRequestSchema,
  type CompanySettingsView,
  type GeofenceMode,
  type UpdateCompanySettingsRequest,
} from '@jornada/shared/schemas/company-settings';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { useCompanySettings } from '../api/get-company-settings';
import { useSaveCompanySettings } from '../api/save-company-settings';

const GEOFENCE_HINTS: Record<GeofenceMode, string> = {
  flag: 'El fichaje se acepta y se marca «Fuera de zona» para el supervisor.',
  refuse: 'El empleado ve a qué distancia está del evento y no puede fichar.',
};
const GEOFENCE_MODES: GeofenceMode[] = ['flag', 'refuse'];
const QUALIFICATION_CHECKS: QualificationCheck[] = ['warn', 'refuse'];
const OPEN_SHIFT_MODES: OpenShiftMode[] = ['first_come', 'approval'];

interface SettingsFormProps {
  company: Company;
  settings: CompanySettingsView;
  onClose: () => void;
}

function SettingsForm({ company, settings, onClose }: SettingsFormProps) {
  const save = useSaveCompanySettings();
  const form = useForm<UpdateCompanySettingsRequest>({
    resolver: zodResolver(updateCompanySettingsRequestSchema),
    defaultValues: {
      geofenceMode: settings.geofenceMode,
      autoClockOut: settings.autoClockOut,
      autoClockOutToleranceMin: settings.autoClockOutToleranceMin,
      qualificationCheck: settings.qualificationCheck,
      acceptAssignments: settings.acceptAssignments,
      openShiftMode: settings.openShiftMode,
      supervisorTwoFactor: settings.supervisorTwoFactor,
    },
  });
  const toleranceError = form.formState.errors.autoClockOutToleranceMin?.message;
  const autoClockOut = form.watch('autoClockOut');

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { companyId: company.id, ...values },
      {
        onSuccess: () => {
          toast({ title: 'Ajustes guardados' });
          onClose();
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">Fuera de zona</legend>
        <p className="mb-1 text-sm text-muted-foreground">Qué pasa cuando alguien ficha lejos del punto del evento.</p>
        <div className="grid gap-2 sm:grid-cols-2">
          {GEOFENCE_MODES.map((mode) => (
            <label
              key={mode}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-input p-3 has-[:checked]:border-primary has-[:checked]:bg-accent"
            >
              <input type="radio" value={mode} {...form.register('geofenceMode')} aria-describedby={`geofence-${mode}-hint`} className="mt-0.5 size-4 accent-primary" />
              <span className="text-sm leading-tight">
                <span className="font-medium">{GEOFENCE_MODE_LABELS[mode]}</span>
                <span id={`geofence-${mode}-hint`} aria-hidden="true" className="mt-0.5 block text-xs text-muted-foreground">
                  {GEOFENCE_HINTS[mode]}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-semibold">Salidas olvidadas</legend>
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <label htmlFor="auto-clock-out" className="text-sm font-medium">
              Cierre automático
            </label>
            <p id="auto-clock-out-hint" className="mt-0.5 text-sm text-muted-foreground">
              Un fichaje que sigue abierto se cierra a la hora de fin del evento cuando pasa la tolerancia, marcado «Cierre automático». El empleado recibe un aviso y puede solicitar una corrección.
            </p>
          </div>
          <Controller
            control={form.control}
            name="autoClockOut"
            render={({ field }) => <Switch id="auto-clock-out" checked={field.value} onCheckedChange={field.onChange} aria-describedby="auto-clock-out-hint" />}
          />
        </div>
        <FormField
          id="auto-clock-out-tolerance"
          label="Tolerancia (minutos)"
          error={toleranceError}
          hint={`Minutos de espera tras el fin del evento antes de cerrar el fichaje (de 0 a ${AUTO_CLOCK_OUT_TOLERANCE_MAX_MIN}).${autoClockOut ? '' : ' Solo se aplica con el cierre automático activado.'}`}
        >
          <Input
            id="auto-clock-out-tolerance"
            type="number"
            inputMode="numeric"
            min={0}
            max={AUTO_CLOCK_OUT_TOLERANCE_MAX_MIN}
            step={1}
            className="sm:max-w-40"
            {...form.register('autoClockOutToleranceMin', { valueAsNumber: true })}
            {...fieldAria('auto-clock-out-tolerance', toleranceError, true)}
          />
        </FormField>
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">Titulaciones</legend>
        <p className="mb-1 text-sm text-muted-foreground">Qué pasa al asignar a alguien a quien le falta una titulación requerida, o la tiene caducada en la fecha del evento.</p>
        <div className="grid gap-2 sm:grid-cols-2">
          {QUALIFICATION_CHECKS.map((mode) => (
            <label
              key={mode}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-input p-3 has-[:checked]:border-primary has-[:checked]:bg-accent"
            >
              <input type="radio" value={mode} {...form.register('qualificationCheck')} className="size-4 accent-primary" />
              <span className="text-sm font-medium">{QUALIFICATION_CHECK_LABELS[mode]}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-semibold">Turnos</legend>
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <label htmlFor="accept-assignments" className="text-sm font-medium">
              Aceptación de turnos
            </label>
            <p id="accept-assignments-hint" className="mt-0.5 text-sm text-muted-foreground">
              Cada turno nuevo queda «Pendiente» hasta que el empleado lo acepta o lo rechaza indicando el motivo. No puede fichar hasta aceptarlo; si lo rechaza, el puesto queda libre y los supervisores reciben un aviso.
            </p>
          </div>
          <Controller
            control={form.control}
            name="acceptAssignments"
            render={({ field }) => <Switch id="accept-assignments" checked={field.value ?? false} onCheckedChange={field.onChange} aria-describedby="accept-assignments-hint" />}
          />
        </div>
        <FormField id="open-shift-mode" label="Turnos abiertos" hint="Cómo se conceden las plazas abiertas que el personal solicita en «Turnos Abiertos».">
          <NativeSelect id="open-shift-mode" {...fieldAria('open-shift-mode', undefined, 'hint')} {...form.register('openShiftMode')}>
            {OPEN_SHIFT_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {OPEN_SHIFT_MODE_LABELS[mode]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-semibold">Seguridad</legend>
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <label htmlFor="supervisor-two-factor" className="text-sm font-medium">
              Verificación en dos pasos para supervisores
            </label>
            <p id="supervisor-two-factor-hint" className="mt-0.5 text-sm text-muted-foreground">
              Los supervisores de la empresa deberán introducir un código de su aplicación de autenticación al iniciar sesión. Quien aún no la tenga la configurará tras escribir su contraseña.
            </p>
          </div>
          <Controller
            control={form.control}
            name="supervisorTwoFactor"
            render={({ field }) => <Switch id="supervisor-two-factor" checked={field.value ?? false} onCheckedChange={field.onChange} aria-describedby="supervisor-two-factor-hint" />}
          />
        </div>
      </fieldset>

      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={save.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />}
          Guardar
        </Button>
      </DialogFooter>
    </form>
  );
}

/** 'Ajustes de fichaje' of one company: the geofence rule and the automatic clock-out. */
export function CompanySettingsDialog({ company, onClose }: { company: Company; onClose: () => void }) {
  const settings = useCompanySettings(company.id);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle>Ajustes de fichaje de {company.name}</DialogTitle>
          <DialogDescription>Las reglas de los fichajes de esta empresa.</DialogDescription>
        </DialogHeader>
        {settings.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true" aria-label="Cargando ajustes">
            <Skeleton className="h-24" />
            <Skeleton className="h-32" />
          </div>
        ) : settings.isError ? (
          <EmptyState>No se pudieron cargar los ajustes.</EmptyState>
        ) : (
          <SettingsForm company={company} settings={settings.data} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}
