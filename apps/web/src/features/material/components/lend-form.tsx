import '@jornada/shared/zod-locale';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_LOAN_QUANTITY, stockDemandsOf, stockOf } from '@jornada/shared/material';
import { createLoanRequestSchema, insufficientStockMessage, type CreateLoanRequest, type Material } from '@jornada/shared/schemas/material';
import { Plus } from 'lucide-react';
import { useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCreateLoan } from '../api/create-loan';
import { useLendableEmployees } from '../api/get-lendable-employees';
import { INSUFFICIENT_STOCK_TITLE, toastFailure, toastProblem } from '../lib/material-toasts';
import { LoanLineFields, type LendFormValues } from './loan-line-fields';

const resolver = zodResolver(createLoanRequestSchema) as unknown as Resolver<LendFormValues>;
const emptyLine = () => ({ materialId: '', size: '', quantity: DEFAULT_LOAN_QUANTITY });

interface LendFormProps {
  /** The company lent from: null for a supervisor (their own), the administrator's choice otherwise. */
  companyId: string | null;
  materials: Material[];
  onDone: () => void;
}

/** The first line whose units the loaded stock cannot cover (the server checks again, atomically). */
function shortLine(values: LendFormValues, materials: Material[]) {
  const byId = new Map(materials.map((material) => [material.id, material]));
  const lines = values.items.map((item) => ({ materialId: item.materialId, size: item.size, quantity: item.quantity ?? 0 }));
  for (const demand of stockDemandsOf(lines)) {
    const material = byId.get(demand.materialId);
    if (material && stockOf(material, demand.size) < demand.quantity) return insufficientStockMessage(material.name, demand.size);
  }
  return undefined;
}

/** 'Prestar material' (spec section 5): an Empleado, then one or more lines; the loan waits for their signature. */
export function LendForm({ companyId, materials, onDone }: LendFormProps) {
  const employees = useLendableEmployees(companyId, true);
  const create = useCreateLoan();
  const { register, control, handleSubmit, watch, setValue, formState } = useForm<LendFormValues>({
    resolver,
    defaultValues: { employeeId: '', items: [emptyLine()] },
  });
  const lines = useFieldArray({ control, name: 'items' });
  const chosen = watch('items');
  const { errors } = formState;
  const listError = errors.items?.message ?? errors.items?.root?.message;
  const employeeError = errors.employeeId?.message;

  const onSubmit = handleSubmit((values) => {
    const short = shortLine(values, materials);
    if (short) {
      toastProblem(INSUFFICIENT_STOCK_TITLE, short);
      return;
    }
    const employeeName = employees.data?.employees.find((employee) => employee.id === values.employeeId)?.name ?? 'el empleado';
    create.mutate(values as CreateLoanRequest, {
      onSuccess: () => {
        toast({ title: 'Préstamo creado', description: `Se ha notificado a ${employeeName} para que confirme la recepción.` });
        onDone();
      },
      onError: (error) => toastFailure(error, 'No se pudo crear el préstamo.'),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField id="lend-employee" label="Empleado" error={employeeError}>
        <NativeSelect id="lend-employee" {...register('employeeId')} {...fieldAria('lend-employee', employeeError)}>
          <option value="">{employees.isPending ? 'Cargando empleados…' : 'Selecciona un empleado'}</option>
          {employees.data?.employees.map((employee) => (
            <option key={employee.id} value={employee.id}>
              {employee.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <section aria-labelledby="lend-items-title" className="flex flex-col gap-3">
        <h3 id="lend-items-title" className="text-sm font-medium">
          Artículos
        </h3>
        {lines.fields.map((field, index) => (
          <LoanLineFields
            key={field.id}
            index={index}
            materials={materials}
            material={materials.find((material) => material.id === chosen[index]?.materialId)}
            register={register}
            setValue={setValue}
            error={errors.items?.[index]?.message}
            onRemove={() => lines.remove(index)}
          />
        ))}
        <FieldError role="alert">{listError}</FieldError>
        <Button variant="outline" size="sm" className="self-start" onClick={() => lines.append(emptyLine())}>
          <Plus aria-hidden="true" />
          Añadir artículo
        </Button>
      </section>
      <DialogFooter className="pt-2">
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Spinner />}
          Prestar material
        </Button>
      </DialogFooter>
    </form>
  );
}
