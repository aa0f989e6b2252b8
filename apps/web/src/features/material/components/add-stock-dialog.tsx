import '@jornada/shared/zod-locale';
import { zodResolver } from '@hookform/resolvers/zod';
import { materialSizeLabel, materialSizes } from '@jornada/shared/material';
import { addStockRequestSchema, duplicateSizeMessage, type Material } from '@jornada/shared/schemas/material';
import { useForm, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useAddStock } from '../api/add-stock';
import { toastStockProblem } from '../lib/form-problems';
import { toastFailure } from '../lib/material-toasts';
import { quantityInputProps, quantityValue } from '../lib/quantity-input';

interface AddStockValues {
  size: string;
  quantity: number | null;
}

/** The shared schema, and 'Talla duplicada' for a size the material already has (the server says the same). */
function addStockResolver(material: Material): Resolver<AddStockValues> {
  const schemaResolver = zodResolver(addStockRequestSchema) as unknown as Resolver<AddStockValues>;
  return async (values, context, options) => {
    const result = await schemaResolver(values, context, options);
    if (!material.items.some((item) => item.size === values.size)) return result;
    return { values: {}, errors: { ...result.errors, size: { type: 'custom', message: duplicateSizeMessage(values.size) } } };
  };
}

function AddStockForm({ material, onDone }: { material: Material; onDone: () => void }) {
  const addStock = useAddStock();
  const { register, handleSubmit, formState } = useForm<AddStockValues>({
    resolver: addStockResolver(material),
    defaultValues: { size: materialSizes.find((size) => !material.items.some((item) => item.size === size)) ?? '', quantity: 1 },
  });
  const { errors } = formState;
  const onSubmit = handleSubmit(
    (values) =>
      addStock.mutate(
        { materialId: material.id, body: { size: values.size as (typeof materialSizes)[number], quantity: values.quantity ?? 0 } },
        {
          onSuccess: () => {
            toast({ title: 'Material actualizado', description: `Talla ${materialSizeLabel(values.size)} de «${material.name}» añadida.` });
            onDone();
          },
          onError: (error) => toastFailure(error, 'No se pudo añadir el stock.'),
        },
      ),
    (invalid) => toastStockProblem([invalid]),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid grid-cols-[minmax(0,1fr)_7rem] items-start gap-3">
        <FormField id="stock-size" label="Talla">
          <NativeSelect id="stock-size" {...register('size')} {...fieldAria('stock-size', errors.size?.message)}>
            <option value="">Elige</option>
            {materialSizes.map((size) => (
              <option key={size} value={size}>
                {material.items.some((item) => item.size === size) ? `${materialSizeLabel(size)} (ya registrada)` : materialSizeLabel(size)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="stock-quantity" label="Cantidad">
          <Input id="stock-quantity" min={1} {...quantityInputProps} {...register('quantity', { setValueAs: quantityValue })} {...fieldAria('stock-quantity', errors.quantity?.message)} />
        </FormField>
        <div className="col-span-2 flex flex-col gap-1 empty:hidden">
          <FieldError id="stock-size-error">{errors.size?.message}</FieldError>
          <FieldError id="stock-quantity-error">{errors.quantity?.message}</FieldError>
        </div>
      </div>
      <DialogFooter className="pt-2">
        <Button variant="outline" onClick={onDone} disabled={addStock.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={addStock.isPending}>
          {addStock.isPending && <Spinner />}
          Añadir stock
        </Button>
      </DialogFooter>
    </form>
  );
}

/** 'Añadir stock': a new size of a material with its units; an existing size is edited from its row. */
export function AddStockDialog({ material, onClose }: { material: Material; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>Añadir stock</DialogTitle>
          <DialogDescription>Una talla nueva de «{material.name}» con sus unidades. Para cambiar una talla existente, edítala en su fila.</DialogDescription>
        </DialogHeader>
        <AddStockForm material={material} onDone={onClose} />
      </DialogContent>
    </Dialog>
  );
}
