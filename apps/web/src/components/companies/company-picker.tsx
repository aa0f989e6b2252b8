import type { ComponentProps, ReactNode } from 'react';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { useCompanies } from '@/lib/companies/get-companies';

/** What the empty value '' stands for. */
type CompanyPickerEmpty = 'all' | 'choose' | 'none';

const emptyLabels: Record<CompanyPickerEmpty, string> = {
  all: 'Todas las empresas',
  choose: 'Selecciona una empresa',
  none: 'Sin empresa',
};

interface CompanyPickerProps extends Omit<ComponentProps<'select'>, 'id' | 'children' | 'className'> {
  /** The select's id; the label points at it (browser tests find the picker by its label). */
  id: string;
  label?: ReactNode;
  /**
   * 'all': a filter, '' is every company. 'choose': a required choice, '' is nothing chosen yet
   * (a controlled picker stops offering it once a company is chosen). 'none': '' is no company.
   */
  empty: CompanyPickerEmpty;
  /** Another text for the empty option, where a screen words it its own way ('Todas'). */
  emptyLabel?: string;
  /** Choices between the empty option and the companies (the users filter's 'Sin empresa'). */
  extraOptions?: readonly { value: string; label: string }[];
  /** The form's message for this field; ties it to the select with aria-describedby. */
  error?: string;
  /** Classes of the wrapper around the label, the select and the error. */
  className?: string;
}

/**
 * The one company picker (issue 22): a labelled native select of every company, for the
 * administrator's filters and for forms (spread react-hook-form's register() on it, or pass value
 * and onChange). Only an administrator has a choice to make: render it for them alone.
 */
export function CompanyPicker({ id, label = 'Empresa', empty, emptyLabel, extraOptions = [], error, className, disabled, ...props }: CompanyPickerProps) {
  const companies = useCompanies();
  const loading = companies.isPending;
  const chosen = props.value !== undefined && props.value !== '';
  const showEmpty = empty !== 'choose' || !chosen;
  const emptyText = empty === 'choose' && loading ? 'Cargando empresas…' : (emptyLabel ?? emptyLabels[empty]);

  return (
    <FormField id={id} label={label} error={error} className={className}>
      <NativeSelect id={id} disabled={disabled || loading} {...fieldAria(id, error)} {...props}>
        {showEmpty && <option value="">{emptyText}</option>}
        {extraOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {companies.data?.map((company) => (
          <option key={company.id} value={company.id}>
            {company.name}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
