import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { priceFromInput, type CategoryForm } from './category-form';

export function CategoryDetailsFields({ form }: { form: CategoryForm }) {
  const { errors } = form.formState;
  const priceHint = 'Euros por hora. Déjalo en blanco para «Por Convenio».';
  return (
    <div className="flex flex-col gap-5">
      <FormField id="category-name" label="Nombre" error={errors.name?.message}>
        <Input id="category-name" maxLength={200} {...form.register('name')} {...fieldAria('category-name', errors.name?.message)} />
      </FormField>
      <FormField id="category-price" label="Precio" hint={priceHint} error={errors.price?.message}>
        <Input
          id="category-price"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          {...form.register('price', { setValueAs: priceFromInput })}
          {...fieldAria('category-price', errors.price?.message, priceHint)}
        />
      </FormField>
    </div>
  );
}
