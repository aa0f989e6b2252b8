import type { Category } from '@jornada/shared/schemas/categories';
import type { Employee } from '@jornada/shared/schemas/users';
import { Lock, LockOpen } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { errorDescription, isSessionEnded } from '@/lib/error-message';
import { useSetEmployeeAccess } from '../api/set-employee-access';
import { useUpdateEmployee } from '../api/update-employee';
import { EmployeeAvailabilityTab, EmployeeDocuments, EmployeeQualificationsTab } from './employee-documents';
import { EmployeeCategoriesField, EmployeeDetailsFields, useEmployeeForm } from './employee-form';
import { ResetTwoFactorSection } from './reset-two-factor-button';

interface EmployeeDialogProps {
  employee: Employee;
  /** Every category the viewer can see; the dialog offers those of the employee's company. */
  categories: Category[];
  onClose: () => void;
}

const panelClasses = 'data-[state=inactive]:hidden';
// Five tabs: rows of two on a phone, so none scrolls out of sight.
const tabClasses = 'h-11 flex-1 basis-[calc(50%-0.25rem)] sm:basis-0 sm:px-2 lg:h-9';

export function EmployeeDialog({ employee, categories, onClose }: EmployeeDialogProps) {
  const form = useEmployeeForm(employee);
  const updateEmployee = useUpdateEmployee();
  const setAccess = useSetEmployeeAccess();
  const [tab, setTab] = useState('detalles');
  const [isDisabled, setIsDisabled] = useState(employee.isDisabled);
  const pending = updateEmployee.isPending || setAccess.isPending;
  const companyCategories = categories.filter((category) => employee.companyId && category.companyIds.includes(employee.companyId));

  const onToggleAccess = () =>
    setAccess.mutate(
      { id: employee.id, isDisabled: !isDisabled },
      {
        onSuccess: (updated) => {
          setIsDisabled(updated.isDisabled);
          toast({ title: updated.isDisabled ? 'Acceso Deshabilitado' : 'Acceso Habilitado' });
        },
        onError: (error) => {
          if (isSessionEnded(error)) return;
          toast({ variant: 'destructive', title: 'Error', description: errorDescription(error, 'No se pudo cambiar el estado del usuario.') });
        },
      },
    );

  const onSubmit = form.handleSubmit(
    (values) =>
      updateEmployee.mutate(
        { id: employee.id, ...values },
        {
          onSuccess: () => {
            toast({ title: 'Empleado actualizado' });
            onClose();
          },
          onError: (error) => {
            if (isSessionEnded(error)) return;
            toast({ variant: 'destructive', title: 'Error', description: errorDescription(error, 'No se pudieron guardar los cambios.') });
          },
        },
      ),
    () => setTab('detalles'),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent size="2xl">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            {employee.name}
            {isDisabled && <Badge variant="destructive">Deshabilitado</Badge>}
          </DialogTitle>
          <DialogDescription>{employee.roleName}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex min-w-0 flex-col gap-5">
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList className="w-full flex-wrap">
              <TabsTrigger value="detalles" className={tabClasses}>
                Detalles
              </TabsTrigger>
              <TabsTrigger value="categorias" className={tabClasses}>
                Categorías
              </TabsTrigger>
              <TabsTrigger value="documentos" className={tabClasses}>
                Documentos
              </TabsTrigger>
              <TabsTrigger value="titulaciones" className={tabClasses}>
                Titulaciones
              </TabsTrigger>
              <TabsTrigger value="disponibilidad" className={tabClasses}>
                Disponibilidad
              </TabsTrigger>
            </TabsList>
            <TabsContent value="detalles" forceMount className={panelClasses}>
              <EmployeeDetailsFields form={form} employee={employee} />
              {employee.role === 'Empleado' && <ResetTwoFactorSection user={employee} />}
            </TabsContent>
            <TabsContent value="categorias" forceMount className={panelClasses}>
              <EmployeeCategoriesField form={form} categories={companyCategories} />
            </TabsContent>
            <TabsContent value="documentos" className={panelClasses}>
              <EmployeeDocuments employee={employee} />
            </TabsContent>
            <TabsContent value="titulaciones" className={panelClasses}>
              <EmployeeQualificationsTab employee={employee} />
            </TabsContent>
            <TabsContent value="disponibilidad" className={panelClasses}>
              <EmployeeAvailabilityTab employee={employee} />
            </TabsContent>
          </Tabs>
          <DialogFooter className="sm:justify-between">
            <Button variant={isDisabled ? 'outline' : 'destructive'} onClick={onToggleAccess} disabled={pending}>
              {setAccess.isPending ? <Spinner /> : isDisabled ? <LockOpen aria-hidden="true" /> : <Lock aria-hidden="true" />}
              {isDisabled ? 'Habilitar Acceso' : 'Deshabilitar Acceso'}
            </Button>
            <Button type="submit" disabled={pending}>
              {updateEmployee.isPending && <Spinner />}
              Guardar Cambios
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
