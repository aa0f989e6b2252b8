import { defaultRoleIds } from '@jornada/shared/permissions';
import type { Category } from '@jornada/shared/schemas/categories';
import type { User } from '@jornada/shared/schemas/users';
import { Controller, useWatch } from 'react-hook-form';
import { CompanyPicker } from '@/components/companies/company-picker';
import { CheckboxField } from '@/components/ui/checkbox';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { useCompanyRoles } from '../api/get-company-roles';
import { ADMIN_ROLE_ID, afterCompanyChange, afterRoleChange, type UserForm } from './user-form';

interface UserAssignmentFieldsProps {
  form: UserForm;
  categories: Category[];
  /** The user being edited (null: a new one): their current role is always offered. */
  user: User | null;
}

/** Supervisor and Empleado are offered with no company too (the company rule then asks for one). */
const DEFAULT_PEOPLE_ROLES = [
  { id: defaultRoleIds.Supervisor, name: 'Supervisor' },
  { id: defaultRoleIds.Empleado, name: 'Empleado' },
];

/** Company, role and categories, with the rules of spec sections 4 and 5. */
export function UserAssignmentFields({ form, categories, user }: UserAssignmentFieldsProps) {
  const { errors } = form.formState;
  const [companyId, roleId] = useWatch({ control: form.control, name: ['companyId', 'roleId'] });
  // Decision 043: with a company, its custom roles besides the defaults.
  const companyRoles = useCompanyRoles(companyId || null, Boolean(companyId));
  const peopleRoles: { id: string; name: string }[] = [...(companyId && companyRoles.data ? companyRoles.data : DEFAULT_PEOPLE_ROLES)];
  if (user && user.roleId !== ADMIN_ROLE_ID && !peopleRoles.some((role) => role.id === user.roleId)) peopleRoles.push({ id: user.roleId, name: user.roleName });
  // Categories are offered only to a non-admin with a company, and only that company's.
  const companyCategories = companyId ? categories.filter((category) => category.companyIds.includes(companyId)) : [];
  const roleHint = companyId ? 'Administrador no se puede elegir con una empresa.' : undefined;

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <CompanyPicker
        id="user-company"
        empty="none"
        error={errors.companyId?.message}
        {...form.register('companyId', { onChange: (event) => afterCompanyChange(form, event.target.value) })}
      />
      <FormField id="user-role" label="Rol" hint={roleHint} error={errors.roleId?.message}>
        <NativeSelect
          id="user-role"
          {...form.register('roleId', { onChange: (event) => afterRoleChange(form, event.target.value) })}
          {...fieldAria('user-role', errors.roleId?.message, roleHint)}
        >
          <option value="" disabled>
            Elige un rol
          </option>
          <option value={defaultRoleIds.Administrador} disabled={Boolean(companyId)}>
            Administrador
          </option>
          {peopleRoles.map((role) => (
            <option key={role.id} value={role.id}>
              {role.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <fieldset className="flex flex-col gap-1 sm:col-span-2">
        <legend className="mb-2 text-sm font-medium">Categorías</legend>
        {roleId === ADMIN_ROLE_ID ? (
          <p className="text-sm text-muted-foreground">Un administrador no tiene categorías.</p>
        ) : !companyId ? (
          <p className="text-sm text-muted-foreground">Elige una empresa para ver sus categorías.</p>
        ) : companyCategories.length === 0 ? (
          <p className="text-sm text-muted-foreground">La empresa no tiene categorías asignadas.</p>
        ) : (
          <Controller
            control={form.control}
            name="categoryIds"
            render={({ field }) => (
              <div className="grid gap-1 sm:grid-cols-2">
                {companyCategories.map((category) => (
                  <CheckboxField
                    key={category.id}
                    label={category.name}
                    checked={field.value.includes(category.id)}
                    onCheckedChange={(checked) =>
                      field.onChange(checked === true ? [...field.value, category.id] : field.value.filter((id) => id !== category.id))
                    }
                  />
                ))}
              </div>
            )}
          />
        )}
      </fieldset>
    </div>
  );
}
