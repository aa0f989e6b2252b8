import { materialSizeLabel, stockOf } from '@jornada/shared/material';
import type { Material } from '@jornada/shared/schemas/material';
import { X } from 'lucide-react';
import type { UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { quantityInputProps, quantityValue } from '../lib/quantity-input';

export interface LendFormValues {
  employeeId: string;
  items: { materialId: string; size: string; quantity: number | null }[];
}

interface LoanLineFieldsProps {
  index: number;
  materials: Material[];
  /** The material chosen on this line, for its sizes and their stock. */
  material: Material | undefined;
  register: UseFormRegister<LendFormValues>;
  setValue: UseFormSetValue<LendFormValues>;
  /** 'El artículo "N" está incompleto.' when this line is the one. */
  error?: string;
  onRemove: () => void;
}

/** The units left of a size, short enough for a phone's select ('M · 13 uds.'). */
const available = (quantity: number) => (quantity === 0 ? 'sin stock' : `${quantity} uds.`);

/** One line of a loan: material, size (with the stock of each) and quantity (1 by default). */
export function LoanLineFields({ index, materials, material, register, setValue, error, onRemove }: LoanLineFieldsProps) {
  const number = index + 1;
  const ids = { material: `lend-material-${index}`, size: `lend-size-${index}`, quantity: `lend-quantity-${index}` };
  const invalid = error ? true : undefined;
  return (
    <div className="relative rounded-lg border border-border p-3">
      <Button variant="ghost" size="icon" className="absolute top-1 right-1" aria-label={`Quitar artículo ${number}`} onClick={onRemove}>
        <X aria-hidden="true" />
      </Button>
      <fieldset className="flex flex-col gap-3" aria-describedby={error ? `lend-line-${index}-error` : undefined}>
        <legend className="mb-3 flex h-9 items-center text-sm font-semibold">Artículo {number}</legend>
        <FormField id={ids.material} label="Material">
          <NativeSelect
            id={ids.material}
            aria-invalid={invalid}
            {...register(`items.${index}.materialId`, { onChange: () => setValue(`items.${index}.size`, '') })}
          >
            <option value="">Selecciona un material</option>
            {materials.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <div className="grid grid-cols-[minmax(0,1fr)_5.5rem] items-start gap-3">
          <FormField id={ids.size} label="Talla">
            <NativeSelect id={ids.size} aria-invalid={invalid} disabled={!material} {...register(`items.${index}.size`)}>
              <option value="">{material ? 'Elige' : 'Elige material'}</option>
              {material?.items.map((item) => (
                <option key={item.id} value={item.size}>
                  {`${materialSizeLabel(item.size)} · ${available(stockOf(material, item.size))}`}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={ids.quantity} label="Cantidad">
            <Input id={ids.quantity} min={1} aria-invalid={invalid} {...quantityInputProps} {...register(`items.${index}.quantity`, { setValueAs: quantityValue })} />
          </FormField>
        </div>
        <FieldError id={`lend-line-${index}-error`} role="alert">
          {error}
        </FieldError>
      </fieldset>
    </div>
  );
}
