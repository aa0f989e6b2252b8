import type { PayRulesView } from '@jornada/shared/schemas/pay-rules';
import { formatDateTime } from '@jornada/shared/format';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useUpdatePayRules } from '../api/pay-rules';
import { fieldsOf, newPlus, PAY_CONCEPT_LABELS, payConceptKeys, rulesOf, type CategoryFields, type FieldErrors, type OvertimeFields, type PayRulesFields } from './pay-rules-form-state';

function Section({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardContent className="pt-5 sm:pt-6">
        <fieldset className="min-w-0">
          <legend className="mb-1 text-base font-semibold">{title}</legend>
          {description && <p className="mb-4 text-sm text-muted-foreground">{description}</p>}
          <div className="grid gap-4 sm:grid-cols-2">{children}</div>
        </fieldset>
      </CardContent>
    </Card>
  );
}

/** A text input for euros ('12,50'): a decimal keyboard on phones, parsed from the string. */
function EurosInput({ id, label, hint, value, error, placeholder, onChange }: { id: string; label: string; hint?: string; value: string; error?: string; placeholder?: string; onChange: (value: string) => void }) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <Input id={id} inputMode="decimal" autoComplete="off" value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} {...fieldAria(id, error, hint)} />
    </FormField>
  );
}

function OvertimeEditor({ id, value, errors, allowInherit, onChange }: { id: string; value: OvertimeFields; errors: FieldErrors; allowInherit: boolean; onChange: (value: OvertimeFields) => void }) {
  return (
    <>
      <FormField id={`${id}-kind`} label="Horas extraordinarias">
        <NativeSelect id={`${id}-kind`} value={value.kind} onChange={(event) => onChange({ ...value, kind: event.target.value as OvertimeFields['kind'] })}>
          {allowInherit && <option value="">Como la empresa</option>}
          <option value="multiplier">Multiplicador</option>
          <option value="perHour">Importe por hora</option>
        </NativeSelect>
      </FormField>
      {value.kind === 'multiplier' && (
        <FormField id={`${id}-factor`} label="Multiplicador" hint="1,75 paga la hora extra a un 175 % de la ordinaria." error={errors[`${id}-factor`]}>
          <Input id={`${id}-factor`} inputMode="decimal" autoComplete="off" value={value.factor} onChange={(event) => onChange({ ...value, factor: event.target.value })} {...fieldAria(`${id}-factor`, errors[`${id}-factor`], true)} />
        </FormField>
      )}
      {value.kind === 'perHour' && (
        <EurosInput id={`${id}-amount`} label="Importe por hora (€)" hint="Se suma al precio de la hora ordinaria." value={value.amount} error={errors[`${id}-amount`]} onChange={(amount) => onChange({ ...value, amount })} />
      )}
    </>
  );
}

function CategoryEditor({ index, category, errors, onChange }: { index: number; category: CategoryFields; errors: FieldErrors; onChange: (category: CategoryFields) => void }) {
  const id = `category-${index}`;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-border p-3 sm:col-span-2 sm:p-4">
      <h3 id={`${id}-title`} className="mb-3 font-medium break-words">
        {category.name}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <EurosInput id={`${id}-night`} label="Plus de nocturnidad (€/hora)" placeholder="Como la empresa" value={category.nightPlus} error={errors[`${id}-night`]} onChange={(nightPlus) => onChange({ ...category, nightPlus })} />
        <EurosInput id={`${id}-holiday`} label="Plus de festivos (€/hora)" placeholder="Como la empresa" value={category.holidayPlus} error={errors[`${id}-holiday`]} onChange={(holidayPlus) => onChange({ ...category, holidayPlus })} />
        <OvertimeEditor id={`${id}-overtime`} value={category.overtime} errors={errors} allowInherit onChange={(overtime) => onChange({ ...category, overtime })} />
      </div>
      <h4 className="mt-4 mb-2 text-sm font-medium">Pluses mensuales</h4>
      {category.pluses.length === 0 && <p className="mb-2 text-sm text-muted-foreground">Sin pluses mensuales.</p>}
      <ul className="flex flex-col gap-3">
        {category.pluses.map((plus, plusIndex) => {
          const plusId = `${id}-plus-${plusIndex}`;
          const update = (change: Partial<typeof plus>) => onChange({ ...category, pluses: category.pluses.map((candidate) => (candidate.key === plus.key ? { ...candidate, ...change } : candidate)) });
          return (
            <li key={plus.key} className="grid gap-3 rounded-md bg-muted/50 p-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
              <FormField id={`${plusId}-name`} label="Nombre del plus" error={errors[`${plusId}-name`]}>
                <Input id={`${plusId}-name`} value={plus.name} placeholder="Plus de peligrosidad" onChange={(event) => update({ name: event.target.value })} {...fieldAria(`${plusId}-name`, errors[`${plusId}-name`])} />
              </FormField>
              <EurosInput id={`${plusId}-amount`} label="€/mes" value={plus.amount} error={errors[`${plusId}-amount`]} onChange={(amount) => update({ amount })} />
              <FormField id={`${plusId}-code`} label="Código" error={errors[`${plusId}-code`]}>
                <Input id={`${plusId}-code`} value={plus.code} autoComplete="off" onChange={(event) => update({ code: event.target.value })} {...fieldAria(`${plusId}-code`, errors[`${plusId}-code`])} />
              </FormField>
              <Button
                type="button"
                variant="outline"
                aria-label={`Quitar el plus ${plus.name || plusIndex + 1} de ${category.name}`}
                onClick={() => onChange({ ...category, pluses: category.pluses.filter((candidate) => candidate.key !== plus.key) })}
              >
                <Trash2 aria-hidden="true" />
                <span className="sm:sr-only">Quitar</span>
              </Button>
            </li>
          );
        })}
      </ul>
      <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => onChange({ ...category, pluses: [...category.pluses, newPlus()] })}>
        <Plus aria-hidden="true" />
        Añadir plus mensual
        <span className="sr-only"> a {category.name}</span>
      </Button>
    </section>
  );
}

/** 'Reglas de pago': every field of the company's rules, saved as one set. */
export function PayRulesForm({ view, companyId }: { view: PayRulesView; companyId: string | null }) {
  const save = useUpdatePayRules();
  const [fields, setFields] = useState<PayRulesFields>(() => fieldsOf(view));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (change: Partial<PayRulesFields>) => setFields((current) => ({ ...current, ...change }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = rulesOf(fields);
    if ('errors' in result) {
      setErrors(result.errors);
      const first = Object.keys(result.errors)[0];
      if (first) document.getElementById(first)?.focus();
      return;
    }
    setErrors({});
    save.mutate({ ...result.rules, ...(companyId ? { companyId } : {}) }, { onSuccess: () => toast({ title: 'Reglas guardadas', description: `Reglas de pago de ${view.companyName}.` }) });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-3xl flex-col gap-4">
      <p className="text-sm text-muted-foreground" role="status">
        {view.isDefault
          ? `${view.companyName} aún no ha fijado sus reglas de pago: no hay pluses y la hora extra se paga como la ordinaria.`
          : `Reglas de ${view.companyName}, cambiadas por ${view.updatedByName ?? 'un usuario'} el ${view.updatedAt ? formatDateTime(view.updatedAt) : ''}.`}
      </p>

      <Section title="Nocturnidad y festivos" description="La hora ordinaria se paga al precio de la categoría del trabajador. Los pluses se suman por cada hora trabajada.">
        <FormField id="night-start" label="Inicio del horario nocturno" error={errors['night-start']}>
          <Input id="night-start" type="time" value={fields.nightStart} onChange={(event) => set({ nightStart: event.target.value })} {...fieldAria('night-start', errors['night-start'])} />
        </FormField>
        <FormField id="night-end" label="Fin del horario nocturno" error={errors['night-end']}>
          <Input id="night-end" type="time" value={fields.nightEnd} onChange={(event) => set({ nightEnd: event.target.value })} {...fieldAria('night-end', errors['night-end'])} />
        </FormField>
        <EurosInput id="night-plus" label="Plus de nocturnidad (€/hora)" value={fields.nightPlus} error={errors['night-plus']} onChange={(nightPlus) => set({ nightPlus })} />
        <EurosInput id="holiday-plus" label="Plus de festivos (€/hora)" value={fields.holidayPlus} error={errors['holiday-plus']} onChange={(holidayPlus) => set({ holidayPlus })} />
        <CheckboxField className="sm:col-span-2" label="Los domingos cuentan como festivo" checked={fields.sundaysAreHolidays} onCheckedChange={(checked) => set({ sundaysAreHolidays: checked === true })} />
        <FormField id="night-holiday" label="Hora nocturna en festivo" className="sm:col-span-2">
          <NativeSelect id="night-holiday" value={fields.nightHoliday} onChange={(event) => set({ nightHoliday: event.target.value as PayRulesFields['nightHoliday'] })}>
            <option value="both">Suma ambos pluses</option>
            <option value="higher">Solo el mayor</option>
          </NativeSelect>
        </FormField>
      </Section>

      <Section title="Horas extraordinarias" description="Las que pasan de los límites de las Normas de Jornada. El multiplicador se aplica al precio de la hora ordinaria; el importe por hora se suma a él.">
        <OvertimeEditor id="overtime" value={fields.overtime} errors={errors} allowInherit={false} onChange={(overtime) => set({ overtime })} />
      </Section>

      <Section title="Códigos de concepto" description="Los códigos de tu programa de nóminas (A3Nom, Sage o tu gestoría) para cada concepto de la exportación.">
        {payConceptKeys.map((key) => (
          <FormField key={key} id={`code-${key}`} label={PAY_CONCEPT_LABELS[key]} error={errors[`code-${key}`]}>
            <Input id={`code-${key}`} autoComplete="off" value={fields.codes[key]} onChange={(event) => set({ codes: { ...fields.codes, [key]: event.target.value } })} {...fieldAria(`code-${key}`, errors[`code-${key}`])} />
          </FormField>
        ))}
      </Section>

      <Section title="Por categoría" description="Deja un campo vacío para aplicar el de la empresa. Los pluses mensuales se pagan una vez al mes a cada trabajador de la categoría.">
        {fields.categories.length === 0 && <p className="text-sm text-muted-foreground sm:col-span-2">La empresa no tiene categorías.</p>}
        {fields.categories.map((category, index) => (
          <CategoryEditor
            key={category.categoryId}
            index={index}
            category={category}
            errors={errors}
            onChange={(changed) => setFields((current) => ({ ...current, categories: current.categories.map((candidate) => (candidate.categoryId === changed.categoryId ? changed : candidate)) }))}
          />
        ))}
      </Section>

      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />}
          Guardar reglas
        </Button>
      </div>
    </form>
  );
}
