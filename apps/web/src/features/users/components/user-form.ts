import { zodResolver } from '@hookform/resolvers/zod';
import { defaultRoleIds } from '@jornada/shared/permissions';
import {
  COMPANY_REQUIRED_MESSAGE,
  createUserRequestSchema,
  updateUserRequestSchema,
  type UpdateUserBody,
  type User,
} from '@jornada/shared/schemas/users';
import { useForm, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form';

/** What the inputs hold: '' for "no company" and "no role yet", as the native selects give them. */
export interface UserFormValues {
  name: string;
  username: string;
  email: string;
  phone: string;
  password: string;
  roleId: string;
  companyId: string;
  categoryIds: string[];
  /** New users only: 'Enviar invitación por correo' (the person sets the password through a link). */
  sendInvitation: boolean;
}

/** The server's body; on create the password is required, so this also fits CreateUserBody. */
export type UserFormOutput = UpdateUserBody;
export type UserForm = UseFormReturn<UserFormValues, unknown, UserFormOutput>;

export const ADMIN_ROLE_ID: string = defaultRoleIds.Administrador;

/** The form as the request: no company is null; on edit a blank password is left out (kept). */
function toRequest(values: UserFormValues, isNew: boolean) {
  return { ...values, companyId: values.companyId || null, password: isNew ? values.password : values.password || undefined, sendInvitation: isNew && values.sendInvitation };
}

type RequestValues = ReturnType<typeof toRequest>;

/** The server's own schema validates the form (create needs a password; edit keeps a blank one). */
function userFormResolver(isNew: boolean): Resolver<UserFormValues, unknown, UserFormOutput> {
  const resolve = (isNew ? zodResolver(createUserRequestSchema) : zodResolver(updateUserRequestSchema)) as unknown as Resolver<
    RequestValues,
    unknown,
    UserFormOutput
  >;
  // Field names are the same on both sides, so errors land on the right inputs.
  return async (values, context, options) => {
    const result = await resolve(toRequest(values, isNew), context, options as never);
    // zod checks the company rule only once every field is valid; say it at once with the others.
    const errors = result.errors as FieldErrors<UserFormValues>;
    if (Object.keys(errors).length > 0 && !errors.companyId && !values.companyId && values.roleId && values.roleId !== ADMIN_ROLE_ID) {
      errors.companyId = { type: 'custom', message: COMPANY_REQUIRED_MESSAGE };
    }
    return result as never;
  };
}

export function useUserForm(user: User | null): UserForm {
  return useForm<UserFormValues, unknown, UserFormOutput>({
    resolver: userFormResolver(user === null),
    defaultValues: {
      name: user?.name ?? '',
      username: user?.username ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      password: '',
      roleId: user?.roleId ?? defaultRoleIds.Empleado,
      companyId: user?.companyId ?? '',
      categoryIds: user?.categoryIds ?? [],
      sendInvitation: false,
    },
  });
}

/**
 * Spec section 4, run after the select changed: choosing Administrador forces no company and
 * no categories; choosing a company clears the categories and an Administrador role.
 */
export function afterRoleChange(form: UserForm, roleId: string) {
  if (roleId !== ADMIN_ROLE_ID) return;
  form.setValue('companyId', '', { shouldDirty: true });
  form.setValue('categoryIds', [], { shouldDirty: true });
}

export function afterCompanyChange(form: UserForm, companyId: string) {
  form.setValue('categoryIds', [], { shouldDirty: true });
  if (companyId && form.getValues('roleId') === ADMIN_ROLE_ID) form.setValue('roleId', '', { shouldDirty: true });
}
