import { zodResolver } from '@hookform/resolvers/zod';
import { supervisorVacationRequestSchema, type SupervisorVacationRequest } from '@jornada/shared/schemas/vacations';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CompanyPicker } from '@/components/companies/company-picker';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCreateVacation } from '../api/create-vacation';
import { useVacationEmployees } from '../api/get-vacation-employees';
import { toastValidationMessage } from '../lib/message-toast';
import { SelectedDaysSummary } from './selected-days-summary';
import { VacationDaysCalendar } from './vacation-days-calendar';

interface NewVacationDialogProps {
  onClose: () => void;
  /** An administrator first picks the company (a supervisor's company is implied). */
  choosesCompany: boolean;
  initialCompanyId: string | null;
}

/** 'Nueva solicitud': a supervisor proposes days to an Empleado, who must then confirm with a signature. */
export function NewVacationDialog({ onClose, choosesCompany, initialCompanyId }: NewVacationDialogProps) {
  const [companyId, setCompanyId] = useState(initialCompanyId ?? '');
  const employees = useVacationEmployees(companyId || null, !choosesCompany || companyId !== '');
  const create = useCreateVacation();
  const form = useForm<SupervisorVacationRequest>({
    resolver: zodResolver(supervisorVacationRequestSchema),
    defaultValues: { employeeId: '', dates: [] },
  });
  const { errors } = form.formState;
  // Both fields share the schema's one message ('Faltan datos: …'): say it once, above the buttons.
  const missing = errors.employeeId?.message ?? errors.dates?.message;

  const onSubmit = form.handleSubmit(
    (values) =>
      create.mutate(values, {
        onSuccess: () => {
          toast({ title: 'Solicitud Creada', description: 'El empleado debe confirmarla con su firma.' });
          onClose();
        },
      }),
    (invalid) => {
      const message = invalid.employeeId?.message ?? invalid.dates?.message;
      if (message) toastValidationMessage(message);
    },
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Nueva solicitud de vacaciones</DialogTitle>
          <DialogDescription>El empleado recibirá la propuesta y la confirmará con su firma.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          {choosesCompany && (
            <CompanyPicker
              id="vacation-company"
              empty="choose"
              value={companyId}
              onChange={(event) => {
                setCompanyId(event.target.value);
                form.setValue('employeeId', '');
              }}
            />
          )}
          <FormField id="vacation-employee" label="Empleado">
            <NativeSelect
              id="vacation-employee"
              disabled={employees.isFetching || (choosesCompany && companyId === '')}
              {...form.register('employeeId')}
              aria-invalid={errors.employeeId ? true : undefined}
              aria-describedby={missing ? 'vacation-missing' : undefined}
            >
              <option value="">{employees.isFetching ? 'Cargando empleados…' : 'Selecciona un empleado'}</option>
              {employees.data?.map((employee) => (
                <option key={employee.id} value={employee.id}>
                  {employee.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <Controller
            control={form.control}
            name="dates"
            render={({ field }) => (
              <div className="flex flex-col gap-2">
                <span id="vacation-days-label" className="text-sm leading-none font-medium">
                  Días
                </span>
                <VacationDaysCalendar labelledBy="vacation-days-label" value={field.value} onChange={field.onChange} disabled={create.isPending} />
                <SelectedDaysSummary days={field.value} />
              </div>
            )}
          />
          <FieldError id="vacation-missing" role="alert">
            {missing}
          </FieldError>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={create.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Spinner />}
              Crear solicitud
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
