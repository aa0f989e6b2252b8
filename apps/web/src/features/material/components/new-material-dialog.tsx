import '@jornada/shared/zod-locale';
import { zodResolver } from '@hookform/resolvers/zod';
import { materialSizeLabel, materialSizes } from '@jornada/shared/material';
import { createMaterialRequestSchema } from '@jornada/shared/schemas/material';
import { Plus, X } from 'lucide-react';
import { useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { CompanyPicker } from '@/components/companies/company-picker';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth';
import { useCreateMaterial } from '../api/create-material';
import { toastStockProblem } from '../lib/form-problems';
import { toastFailure } from '../lib/material-toasts';
import { quantityInputProps, quantityValue } from '../lib/quantity-input';

const COMPANY_REQUIRED_MESSAGE = 'Selecciona la empresa.';

interface NewMaterialValues {
  name: string;
  companyId: string;
  items: { size: string; quantity: number | null }[];
}

/** The shared request schema, plus the administrator's company (the server answers the same). */
function newMaterialResolver(requireCompany: boolean): Resolver<NewMaterialValues> {
  const schemaResolver = zodResolver(createMaterialRequestSchema) as unknown as Resolver<NewMaterialValues>;
  return async (values, context, options) => {
    const { companyId, ...rest } = values;
    const result = await schemaResolver(companyId ? values : (rest as NewMaterialValues), context, options);
    if (!requireCompany || companyId) return result;
    return { values: {}, errors: { ...result.errors, companyId: { type: 'required', message: COMPANY_REQUIRED_MESSAGE } } };
  };
}

/** 'Añadir material': a name and its sizes with their first stock (spec screen 20). */
function NewMaterialForm({ onDone }: { onDone: () => void }) {
  const { isAdmin } = useAuth();
  const create = useCreateMaterial();
  const { register, control, handleSubmit, formState } = useForm<NewMaterialValues>({
    resolver: newMaterialResolver(isAdmin),
    defaultValues: { name: '', companyId: '', items: [{ size: '', quantity: 1 }] },
  });
  const lines = useFieldArray({ control, name: 'items' });
  const { errors } = formState;
  const listError = errors.items?.message ?? errors.items?.root?.message;

  const onSubmit = handleSubmit(
    (values) => {
      const body = { name: values.name, items: values.items, companyId: isAdmin ? values.companyId : undefined };
      create.mutate(body as Parameters<typeof create.mutate>[0], {
        onSuccess: (material) => {
          toast({ title: 'Material añadido', description: `«${material.name}» ya tiene stock para prestar.` });
          onDone();
        },
        onError: (error) => toastFailure(error, 'No se pudo añadir el material.'),
      });
    },
    (invalid) => toastStockProblem(lines.fields.map((_, index) => invalid.items?.[index])),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {isAdmin && (
        <CompanyPicker id="material-company" empty="choose" error={errors.companyId?.message} {...register('companyId')} />
      )}
      <FormField id="material-name" label="Nombre" error={errors.name?.message}>
        <Input id="material-name" autoComplete="off" maxLength={200} placeholder="Polo, chaleco, linterna…" {...register('name')} {...fieldAria('material-name', errors.name?.message)} />
      </FormField>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">Tallas y stock</legend>
        {lines.fields.map((field, index) => {
          const sizeId = `material-size-${index}`;
          const quantityId = `material-quantity-${index}`;
          const sizeError = errors.items?.[index]?.size?.message;
          const quantityError = errors.items?.[index]?.quantity?.message;
          return (
            <div key={field.id} role="group" aria-label={`Talla ${index + 1}`} className="grid grid-cols-[minmax(0,1fr)_6rem_auto] items-start gap-2">
              <FormField id={sizeId} label="Talla">
                <NativeSelect id={sizeId} {...register(`items.${index}.size`)} {...fieldAria(sizeId, sizeError)}>
                  <option value="">Elige</option>
                  {materialSizes.map((size) => (
                    <option key={size} value={size}>
                      {materialSizeLabel(size)}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField id={quantityId} label="Cantidad">
                <Input id={quantityId} min={1} {...quantityInputProps} {...register(`items.${index}.quantity`, { setValueAs: quantityValue })} {...fieldAria(quantityId, quantityError)} />
              </FormField>
              <Button variant="ghost" size="icon" className="mt-6" aria-label={`Quitar talla ${index + 1}`} onClick={() => lines.remove(index)} disabled={lines.fields.length === 1}>
                <X aria-hidden="true" />
              </Button>
              {/* The line's messages span the row: the quantity column is too narrow for a sentence. */}
              <div className="col-span-3 flex flex-col gap-1 empty:hidden">
                <FieldError id={`${sizeId}-error`}>{sizeError}</FieldError>
                <FieldError id={`${quantityId}-error`}>{quantityError}</FieldError>
              </div>
            </div>
          );
        })}
        <FieldError role="alert">{listError}</FieldError>
        <Button variant="outline" size="sm" className="self-start" onClick={() => lines.append({ size: '', quantity: 1 })} disabled={lines.fields.length >= materialSizes.length}>
          <Plus aria-hidden="true" />
          Añadir talla
        </Button>
      </fieldset>
      <DialogFooter className="pt-2">
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Spinner />}
          Añadir material
        </Button>
      </DialogFooter>
    </form>
  );
}

export function NewMaterialDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Añadir material</DialogTitle>
          <DialogDescription>Un tipo de material con sus tallas y las unidades disponibles de cada una.</DialogDescription>
        </DialogHeader>
        {open && <NewMaterialForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
