import type { QualificationWarning } from '@jornada/shared/schemas/qualifications';
import { CheckboxField } from '@/components/ui/checkbox';
import { toast } from '@/components/ui/use-toast';
import { useQualificationTypes } from '../api/qualifications';

interface RequiredQualificationsFieldProps {
  /** The administrator's company for the event; null for a supervisor (their own). */
  companyId: string | null;
  ready: boolean;
  /** Null while the event's saved list loads. */
  value: string[] | null;
  onChange: (typeIds: string[]) => void;
}

/** The event form's 'Titulaciones requeridas' (decision 042), besides those of each person's categories. */
export function RequiredQualificationsField({ companyId, ready, value, onChange }: RequiredQualificationsFieldProps) {
  const types = useQualificationTypes(companyId, ready);
  const items = types.data?.items ?? [];
  if (!ready || items.length === 0 || value === null) return null;
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium">Titulaciones requeridas</legend>
      <p className="mb-1 text-xs text-muted-foreground">Además de las de la categoría de cada persona. Se comprueban en la fecha del evento.</p>
      <div className="grid gap-x-2 sm:grid-cols-2">
        {items.map((type) => (
          <CheckboxField
            key={type.id}
            label={type.name}
            checked={value.includes(type.id)}
            onCheckedChange={(checked) => onChange(checked === true ? [...value, type.id] : value.filter((id) => id !== type.id))}
            className="-mx-2"
          />
        ))}
      </div>
    </fieldset>
  );
}

/** An assignment the company only warns about was saved: who lacks which qualification, kept on screen a while. */
export function showQualificationWarnings(warnings: readonly QualificationWarning[] | undefined): void {
  if (!warnings || warnings.length === 0) return;
  const shown = warnings.slice(0, 5).map((warning) => warning.message);
  if (warnings.length > 5) shown.push(`Y ${warnings.length - 5} avisos más.`);
  toast({ title: 'Asignado con titulaciones pendientes', description: shown.join(' '), variant: 'destructive', duration: 15_000 });
}
