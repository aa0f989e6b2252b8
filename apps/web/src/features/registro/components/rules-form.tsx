import { zodResolver } from '@hookform/resolvers/zod';
import { updateWorkingTimeRulesRequestSchema, type UpdateWorkingTimeRulesRequest, type WorkingTimeRulesView } from '@jornada/shared/schemas/registro';
import { formatDateTime } from '@jornada/shared/format';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useUpdateWorkingTimeRules } from '../api/working-time-rules';

type Field = 'maxDailyHours' | 'minRestHours' | 'maxYearlyOvertimeHours' | 'maxMonthlyHours' | 'yearlyOrdinaryHours';

const fields: Array<{ name: Field; label: string; hint: string }> = [
  { name: 'maxDailyHours', label: 'Jornada ordinaria máxima (horas al día)', hint: 'Estatuto: 9 h. Lo que pase de aquí cuenta como horas extra.' },
  { name: 'minRestHours', label: 'Descanso mínimo entre jornadas (horas)', hint: 'Estatuto: 12 h. Seguridad privada: 13 h según convenio.' },
  { name: 'maxYearlyOvertimeHours', label: 'Horas extra máximas al año', hint: 'Estatuto: 80 h como máximo.' },
  { name: 'maxMonthlyHours', label: 'Horas máximas al mes', hint: 'Déjalo vacío si el convenio no lo limita (seguridad privada: 162 h).' },
  {
    name: 'yearlyOrdinaryHours',
    label: 'Jornada anual (horas ordinarias al año)',
    hint: 'La del convenio. En la nómina, las horas ordinarias del año que pasen de aquí cuentan como extra. Déjalo vacío si no hay jornada anual.',
  },
];

/** Fields an empty box leaves without a value (no limit). */
const optional = new Set<Field>(['maxMonthlyHours', 'yearlyOrdinaryHours']);

const number = (value: unknown) => (value === '' || value === null ? Number.NaN : Number(value));

/** The rules with Spanish validation (the same schema as the server). */
export function RulesForm({ rules, companyId }: { rules: WorkingTimeRulesView; companyId: string | null }) {
  const save = useUpdateWorkingTimeRules();
  const { register, handleSubmit, formState } = useForm<UpdateWorkingTimeRulesRequest>({
    resolver: zodResolver(updateWorkingTimeRulesRequestSchema),
    defaultValues: {
      maxDailyHours: rules.maxDailyHours,
      minRestHours: rules.minRestHours,
      maxYearlyOvertimeHours: rules.maxYearlyOvertimeHours,
      maxMonthlyHours: rules.maxMonthlyHours,
      yearlyOrdinaryHours: rules.yearlyOrdinaryHours,
    },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((values) =>
    save.mutate({ ...values, ...(companyId ? { companyId } : {}) }, { onSuccess: () => toast({ title: 'Normas guardadas', description: `Normas de jornada de ${rules.companyName}.` }) }),
  );

  return (
    <Card className="max-w-2xl">
      <CardContent className="pt-5 sm:pt-6">
        <p className="mb-4 text-sm text-muted-foreground" role="status">
          {rules.isDefault
            ? `${rules.companyName} aplica los valores del Estatuto de los Trabajadores.`
            : `Normas de ${rules.companyName}, cambiadas por ${rules.updatedByName ?? 'un usuario'} el ${rules.updatedAt ? formatDateTime(rules.updatedAt) : ''}.`}
        </p>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          {fields.map((field) => (
            <FormField key={field.name} id={`rules-${field.name}`} label={field.label} hint={field.hint} error={errors[field.name]?.message}>
              <Input
                id={`rules-${field.name}`}
                type="number"
                inputMode="numeric"
                min={field.name === 'maxYearlyOvertimeHours' ? 0 : 1}
                step={1}
                {...register(field.name, { setValueAs: optional.has(field.name) ? (value) => (value === '' || value === null ? null : Number(value)) : number })}
                {...fieldAria(`rules-${field.name}`, errors[field.name]?.message, field.hint)}
              />
            </FormField>
          ))}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner />}
              Guardar normas
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
