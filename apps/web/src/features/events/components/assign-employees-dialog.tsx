import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ListSkeleton } from '@/components/ui/skeleton';
import { dayKeyOf } from '@jornada/shared/events';
import { useAssignableEmployees } from '../api/get-assignable-employees';
import { usePlanAvailability, type AssignmentPlan } from '../api/get-assignee-availability';
import { AssigneeState } from './assignee-state';
import { AvailabilityNote } from './availability-note';

interface AssignEmployeesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The administrator's company for the event; null for a supervisor (their own). */
  companyId: string | null;
  value: string[];
  onChange: (userIds: string[]) => void;
  /** The event's times as typed: each person's state (vacation, other events, rules) for them. */
  plan?: AssignmentPlan;
}

const ALL = '';

/**
 * Spec section 2 screen 12: the company's Empleado and Supervisor users as checkboxes, filterable
 * by category. Issue 21 item 9: each shows their state for the event's times (on vacation, booked
 * elsewhere, over a working-time rule); nobody is hidden, saving lets the server decide.
 */
export function AssignEmployeesDialog({ open, onOpenChange, companyId, value, onChange, plan }: AssignEmployeesDialogProps) {
  const staff = useAssignableEmployees(companyId, open);
  const availability = usePlanAvailability(plan, open);
  const states = new Map((availability.query.data?.employees ?? []).map((state) => [state.userId, state]));
  const plannedDay = availability.plan?.type === 'momentary' ? dayKeyOf(availability.plan.date) : null;
  const [categoryId, setCategoryId] = useState(ALL);
  const employees = staff.data?.employees ?? [];
  const shown = categoryId === ALL ? employees : employees.filter((employee) => employee.categoryIds.includes(categoryId));
  const toggle = (id: string, checked: boolean) => onChange(checked ? [...new Set([...value, id])] : value.filter((item) => item !== id));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>Asignar empleados</DialogTitle>
          <DialogDescription>
            {value.length === 1 ? '1 persona seleccionada.' : `${value.length} personas seleccionadas.`}
          </DialogDescription>
        </DialogHeader>
        <AvailabilityNote
          plan={availability.plan}
          loading={availability.settling || availability.query.isFetching}
          failed={availability.query.isError && !availability.query.data}
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor="assign-category">Categoría</Label>
          <NativeSelect id="assign-category" value={categoryId} onChange={(event) => setCategoryId(event.target.value)}>
            <option value={ALL}>Todas las categorías</option>
            {staff.data?.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <fieldset className="flex max-h-[45dvh] min-h-24 flex-col gap-0.5 overflow-y-auto rounded-md border border-border p-1">
          <legend className="sr-only">Personal</legend>
          {staff.isPending ? (
            <ListSkeleton rows={3} rowClassName="h-11" />
          ) : shown.length === 0 ? (
            <p className="p-3 text-sm text-muted-foreground">
              {employees.length === 0 ? 'No hay empleados ni supervisores en la empresa.' : 'Nadie de esta categoría.'}
            </p>
          ) : (
            shown.map((employee) => (
              <CheckboxField
                key={employee.id}
                id={`assign-${employee.id}`}
                label={employee.name}
                hint={
                  <>
                    {employee.role}
                    <AssigneeState state={states.get(employee.id)} plannedDay={plannedDay} className="mt-0.5" />
                  </>
                }
                className="py-2"
                checked={value.includes(employee.id)}
                onCheckedChange={(checked) => toggle(employee.id, checked === true)}
              />
            ))
          )}
        </fieldset>
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>Listo</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
