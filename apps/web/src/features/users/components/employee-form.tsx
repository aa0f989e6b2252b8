import { zodResolver } from '@hookform/resolvers/zod';
import type { Category } from '@jornada/shared/schemas/categories';
import {
  updateEmployeeRequestSchema,
  type Employee,
  type UpdateEmployeeBody,
  type UpdateEmployeeRequest,
} from '@jornada/shared/schemas/users';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { CheckboxField } from '@/components/ui/checkbox';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useCompanyRoles } from '../api/get-company-roles';

export type EmployeeForm = UseFormReturn<UpdateEmployeeRequest, unknown, UpdateEmployeeBody>;

export function useEmployeeForm(employee: Employee): EmployeeForm {
  return useForm<UpdateEmployeeRequest, unknown, UpdateEmployeeBody>({
    resolver: zodResolver(updateEmployeeRequestSchema),
    defaultValues: {
      name: employee.name,
      email: employee.email ?? '',
      phone: employee.phone ?? '',
      roleId: employee.roleId as UpdateEmployeeRequest['roleId'],
      categoryIds: employee.categoryIds,
    },
  });
}

/**
 * The 'Detalles' tab: name, e-mail, phone and role (Empleado, Supervisor or a custom role of the
 * company, decision 043). The current role is offered before the company's list arrives, so the
 * select never shows another one.
 */
export function EmployeeDetailsFields({ form, employee }: { form: EmployeeForm; employee: Employee }) {
  const { errors } = form.formState;
  const roles = useCompanyRoles(employee.companyId);
  const options: { id: string; name: string }[] = [...(roles.data ?? [{ id: employee.roleId, name: employee.roleName }])];
  if (!options.some((role) => role.id === employee.roleId)) options.push({ id: employee.roleId, name: employee.roleName });
  return (
    <div className="flex flex-col gap-5">
      <FormField id="employee-name" label="Nombre completo" error={errors.name?.message}>
        <Input id="employee-name" maxLength={200} {...form.register('name')} {...fieldAria('employee-name', errors.name?.message)} />
      </FormField>
      <FormField id="employee-email" label="Correo electrónico" error={errors.email?.message}>
        <Input id="employee-email" type="email" maxLength={200} {...form.register('email')} {...fieldAria('employee-email', errors.email?.message)} />
      </FormField>
      <FormField id="employee-phone" label="Teléfono (opcional)" error={errors.phone?.message}>
        <Input
          id="employee-phone"
          type="tel"
          inputMode="tel"
          maxLength={40}
          {...form.register('phone')}
          {...fieldAria('employee-phone', errors.phone?.message)}
        />
      </FormField>
      <FormField id="employee-role" label="Rol" error={errors.roleId?.message}>
        <NativeSelect id="employee-role" {...form.register('roleId')} {...fieldAria('employee-role', errors.roleId?.message)}>
          {options.map((role) => (
            <option key={role.id} value={role.id}>
              {role.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </div>
  );
}

/** The 'Categorías' tab: a checkbox per category of the employee's company. */
export function EmployeeCategoriesField({ form, categories }: { form: EmployeeForm; categories: Category[] }) {
  if (categories.length === 0) return <p className="text-sm text-muted-foreground">La empresa no tiene categorías asignadas.</p>;
  return (
    <Controller
      control={form.control}
      name="categoryIds"
      render={({ field }) => {
        const selected = field.value ?? [];
        return (
          <fieldset className="flex flex-col gap-1">
            <legend className="sr-only">Categorías</legend>
            {categories.map((category) => (
              <CheckboxField
                key={category.id}
                label={category.name}
                checked={selected.includes(category.id)}
                onCheckedChange={(checked) =>
                  field.onChange(checked === true ? [...selected, category.id] : selected.filter((id) => id !== category.id))
                }
              />
            ))}
          </fieldset>
        );
      }}
    />
  );
}
