import '@jornada/shared/zod-locale';
import { zodResolver } from '@hookform/resolvers/zod';
import { materialSizeLabel } from '@jornada/shared/material';
import { updateStockRequestSchema, type Material, type MaterialItem } from '@jornada/shared/schemas/material';
import { useForm, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useUpdateStock } from '../api/update-stock';
import { INVALID_QUANTITY_TITLE, toastFailure, toastProblem } from '../lib/material-toasts';
import { quantityInputProps, quantityValue } from '../lib/quantity-input';

interface EditStockValues {
  quantity: number | null;
}

const resolver = zodResolver(updateStockRequestSchema) as unknown as Resolver<EditStockValues>;

function EditStockForm({ material, item, onDone }: { material: Material; item: MaterialItem; onDone: () => void }) {
  const update = useUpdateStock();
  const { register, handleSubmit, formState } = useForm<EditStockValues>({ resolver, defaultValues: { quantity: item.quantity } });
  const error = formState.errors.quantity?.message;
  const onSubmit = handleSubmit(
    (values) =>
      update.mutate(
        { materialId: material.id, itemId: item.id, body: { quantity: values.quantity ?? 0 } },
        {
          onSuccess: () => {
            toast({ title: 'Material actualizado', description: `«${material.name}» talla ${materialSizeLabel(item.size)}: ${values.quantity} en stock.` });
            onDone();
          },
          onError: (failure) => toastFailure(failure, 'No se pudo actualizar el stock.'),
        },
      ),
    (invalid) => invalid.quantity?.message && toastProblem(INVALID_QUANTITY_TITLE, invalid.quantity.message),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField id="edit-stock-quantity" label="Cantidad" error={error} hint="0 si no queda ninguna unidad de esta talla.">
        <Input id="edit-stock-quantity" min={0} {...quantityInputProps} {...register('quantity', { setValueAs: quantityValue })} {...fieldAria('edit-stock-quantity', error, true)} />
      </FormField>
      <DialogFooter className="pt-2">
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Spinner />}
          Guardar
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Editing the stock of one size: any whole number from 0 (spec section 5). */
export function EditStockDialog({ material, item, onClose }: { material: Material; item: MaterialItem; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>Editar stock</DialogTitle>
          <DialogDescription>
            «{material.name}», talla {materialSizeLabel(item.size)}.
          </DialogDescription>
        </DialogHeader>
        <EditStockForm material={material} item={item} onDone={onClose} />
      </DialogContent>
    </Dialog>
  );
}
