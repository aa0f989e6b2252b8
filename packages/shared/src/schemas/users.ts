import { z } from 'zod';
import { filterIdSchema, searchTextSchema } from './list-filters';
import { defaultRoleIds } from '../permissions';
import { isValidPhone, normalizePhone, PHONE_INVALID_MESSAGE } from '../phone';
import { roleNameSchema } from './auth';
import { idSchema, isValidNewPassword, newPasswordSchema, PASSWORD_RULE_MESSAGE, cursorSchema } from './common';

export const USERNAME_TAKEN_MESSAGE = 'El nombre de usuario ya existe.';
export const COMPANY_REQUIRED_MESSAGE = 'Se debe asignar una empresa a los usuarios no administradores.';
export const ADMIN_WITHOUT_COMPANY_MESSAGE = 'Un administrador no pertenece a ninguna empresa ni tiene categorías.';

/** The default roles view-employees lists and may give (spec section 6); custom roles are checked by their base (decision 043). */
export const employeeRoleIds = [defaultRoleIds.Supervisor, defaultRoleIds.Empleado] as const;
export const ROLE_NOT_FOUND_MESSAGE = 'El rol indicado no existe.';
export const ROLE_NOT_IN_COMPANY_MESSAGE = 'Ese rol no está asignado a la empresa del usuario.';
export const EMPLOYEE_ROLE_ONLY_MESSAGE = 'Solo se puede asignar el rol Empleado, Supervisor o un rol basado en ellos.';

const idAndName = z.object({ id: z.string(), name: z.string() });

const nameSchema = z
  .string({ error: 'El nombre es obligatorio.' })
  .trim()
  .min(1, { error: 'El nombre es obligatorio.' })
  .max(200, { error: 'El nombre es demasiado largo.' });

const usernameSchema = z
  .string({ error: 'El nombre de usuario es obligatorio.' })
  .trim()
  .min(1, { error: 'El nombre de usuario es obligatorio.' })
  .max(100, { error: 'El nombre de usuario es demasiado largo.' });

/** Optional e-mail; a blank field means none. */
const emailSchema = z
  .string()
  .trim()
  .max(200, { error: 'El correo electrónico es demasiado largo.' })
  .refine((value) => value === '' || z.email().safeParse(value).success, { error: 'El correo electrónico no es válido.' })
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

/**
 * Optional 'Teléfono', kept without separators (phone.ts) so the live view can call or text.
 * Left out of a request: unchanged (a client that predates the field keeps the number); blank: none.
 */
const phoneSchema = z
  .string()
  .max(40, { error: PHONE_INVALID_MESSAGE })
  .refine((value) => value.trim() === '' || isValidPhone(value), { error: PHONE_INVALID_MESSAGE })
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : normalizePhone(value)));

const categoryIdsSchema = z.array(idSchema).max(100).default([]);

/** A default role or a custom one (decision 043): the server checks it exists and suits the user's company. */
const roleIdSchema = z
  .string({ error: 'El rol es obligatorio.' })
  .min(1, { error: 'El rol es obligatorio.' })
  .max(100, { error: ROLE_NOT_FOUND_MESSAGE });

const userFields = {
  name: nameSchema,
  username: usernameSchema,
  email: emailSchema,
  phone: phoneSchema,
  roleId: roleIdSchema,
  companyId: idSchema.nullable().default(null),
  categoryIds: categoryIdsSchema,
};

/** Section 4 and 5: an Administrador has no company and no categories; anyone else needs a company. */
function checkCompanyRule(user: { roleId: string; companyId: string | null; categoryIds: string[] }, context: z.RefinementCtx) {
  if (user.roleId === defaultRoleIds.Administrador) {
    if (user.companyId !== null || user.categoryIds.length > 0) {
      context.addIssue({ code: 'custom', message: ADMIN_WITHOUT_COMPANY_MESSAGE, path: ['companyId'] });
    }
  } else if (user.companyId === null) {
    context.addIssue({ code: 'custom', message: COMPANY_REQUIRED_MESSAGE, path: ['companyId'] });
  }
}

export const INVITATION_NEEDS_EMAIL_MESSAGE = 'Para enviar una invitación el usuario necesita un correo electrónico.';

/**
 * A password, or 'Enviar invitación por correo' with the password left empty: the person then sets
 * their own through a one-time link (docs/decisions/039).
 */
export const createUserRequestSchema = z
  .object({
    ...userFields,
    password: z.string().max(200, { error: 'La contraseña es demasiado larga.' }).default(''),
    sendInvitation: z.boolean().default(false),
  })
  .superRefine((user, context) => {
    checkCompanyRule(user, context);
    if (user.sendInvitation) {
      if (!user.email) context.addIssue({ code: 'custom', message: INVITATION_NEEDS_EMAIL_MESSAGE, path: ['email'] });
      if (user.password !== '') context.addIssue({ code: 'custom', message: 'Con invitación, la contraseña la crea la propia persona: deja el campo vacío.', path: ['password'] });
    } else if (user.password === '') {
      context.addIssue({ code: 'custom', message: 'La contraseña es obligatoria.', path: ['password'] });
    } else if (!newPasswordSchema.safeParse(user.password).success) {
      context.addIssue({ code: 'custom', message: PASSWORD_RULE_MESSAGE, path: ['password'] });
    }
  });
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;
/** The request as the server holds it after validation (trimmed, defaults applied). */
export type CreateUserBody = z.output<typeof createUserRequestSchema>;

/** The whole form again; a blank or missing password leaves the current one. */
export const updateUserRequestSchema = z
  .object({
    ...userFields,
    password: z
      .string()
      .max(200, { error: 'La contraseña es demasiado larga.' })
      .optional()
      .refine((value) => !value || isValidNewPassword(value), { error: PASSWORD_RULE_MESSAGE }),
  })
  .superRefine(checkCompanyRule);
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;
export type UpdateUserBody = z.output<typeof updateUserRequestSchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  roleId: z.string(),
  /** The role's capabilities (a custom role's base, decision 043). */
  role: roleNameSchema,
  /** The role's own name, shown in lists. */
  roleName: z.string(),
  companyId: z.string().nullable(),
  company: idAndName.nullable(),
  categoryIds: z.array(z.string()),
  categories: z.array(idAndName),
  isDisabled: z.boolean(),
  isDeleted: z.boolean(),
  /** Created with 'Enviar invitación por correo' and no password chosen yet: cannot sign in. */
  invitationPending: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** Manage-users filter: 'all', 'none' (no company: administrators) or a company id. */
export const usersQuerySchema = z.object({
  companyId: z.string().min(1).max(100).default('all'),
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
  /** Only users of this role (issue 21). */
  roleId: filterIdSchema,
  /** Text in the name, the login name or the email. */
  q: searchTextSchema,
});
export type UsersQuery = z.input<typeof usersQuerySchema>;
export type UsersQueryParams = z.output<typeof usersQuerySchema>;

/** Sorted by name; pass `nextCursor` back as `cursor` for the next page (null on the last one). */
export const userPageSchema = z.object({ items: z.array(userSchema), nextCursor: z.string().nullable() });
export type UserPage = z.infer<typeof userPageSchema>;

/** View-employees: Empleado and Supervisor users, without their login name. */
export const employeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  roleId: z.string(),
  /** The role's capabilities (a custom role's base, decision 043). */
  role: roleNameSchema,
  /** The role's own name, shown in lists. */
  roleName: z.string(),
  companyId: z.string().nullable(),
  categoryIds: z.array(z.string()),
  categories: z.array(idAndName),
  isDisabled: z.boolean(),
});
export type Employee = z.infer<typeof employeeSchema>;

export const employeesQuerySchema = z.object({
  /** Administrators may narrow the list to one company; others always see their own. */
  companyId: idSchema.optional(),
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
  /** Text in the name or the email (issue 21). */
  q: searchTextSchema,
});
export type EmployeesQuery = z.input<typeof employeesQuerySchema>;
export type EmployeesQueryParams = z.output<typeof employeesQuerySchema>;

export const employeePageSchema = z.object({ items: z.array(employeeSchema), nextCursor: z.string().nullable() });
export type EmployeePage = z.infer<typeof employeePageSchema>;

/** 'Guardar Cambios' in the employee dialog: Detalles and Categorías. */
export const updateEmployeeRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  roleId: roleIdSchema,
  categoryIds: categoryIdsSchema,
});
export type UpdateEmployeeRequest = z.input<typeof updateEmployeeRequestSchema>;
export type UpdateEmployeeBody = z.output<typeof updateEmployeeRequestSchema>;

/** 'Habilitar Acceso' / 'Deshabilitar Acceso'. */
export const employeeAccessRequestSchema = z.object({ isDisabled: z.boolean({ error: 'Indica si el acceso queda deshabilitado.' }) });
export type EmployeeAccessRequest = z.infer<typeof employeeAccessRequestSchema>;
