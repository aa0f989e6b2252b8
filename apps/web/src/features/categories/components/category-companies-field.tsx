import type { Company } from '@jornada/shared/schemas/companies';
import { Controller } from 'react-hook-form';
import { CheckboxField } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field-error';
import type { CategoryForm } from './category-form';

/** The 'Empresas' tab: a checkbox per company. */
export function CategoryCompaniesField({ form, companies }: { form: CategoryForm; companies: Company[] }) {
  return (
    <Controller
      control={form.control}
      name="companyIds"
      render={({ field, fieldState }) => {
        const selected = field.value ?? [];
        return (
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-2 text-sm text-muted-foreground">Empresas en las que se usa esta categoría.</legend>
            {companies.length === 0 && <p className="text-sm text-muted-foreground">No hay empresas creadas.</p>}
            {companies.map((company) => (
              <CheckboxField
                key={company.id}
                label={company.name}
                checked={selected.includes(company.id)}
                onCheckedChange={(checked) =>
                  field.onChange(checked === true ? [...selected, company.id] : selected.filter((id) => id !== company.id))
                }
              />
            ))}
            <FieldError>{fieldState.error?.message}</FieldError>
          </fieldset>
        );
      }}
    />
  );
}
