import { z } from 'zod';
import { priceSchema } from './categories';
import { idSchema } from './common';
import { roleNameSchema } from './auth';

/** Decision 043: the capabilities a custom role is based on. */
export const roleBases = ['Empleado', 'Supervisor'] as const;
export type RoleBase = (typeof roleBases)[number];
export const roleBaseSchema = z.enum(roleBases, { error: 'El rol debe basarse en Empleado o Supervisor.' });

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Euros per hour, or null for 'Por Convenio'. */
  price: z.number().nullable(),
  /** Administrador, Supervisor and Empleado: cannot be deleted or renamed. */
  isDefault: z.boolean(),
  /** The capabilities the role has: a default role is its own base; a custom one Empleado or Supervisor. */
  base: roleNameSchema,
  /** Users (not deleted) who hold the role: deleting it then asks where they move. */
  holderCount: z.number().int(),
  /** Companies the role is assigned to. */
  companyIds: z.array(z.string()),
});
export type Role = z.infer<typeof roleSchema>;

export const roleListResponseSchema = z.array(roleSchema);

export const roleRequestSchema = z.object({
  name: z
    .string({ error: 'El nombre del rol es obligatorio.' })
    .trim()
    .min(1, { error: 'El nombre del rol es obligatorio.' })
    .max(100, { error: 'El nombre del rol es demasiado largo.' }),
  price: priceSchema.default(null),
  /** 'Basado en': left out, a new role is based on Empleado and an existing one keeps its base. */
  base: roleBaseSchema.optional(),
});
export type RoleRequest = z.input<typeof roleRequestSchema>;
export type RoleBody = z.output<typeof roleRequestSchema>;

/** 'Asignaciones guardadas': the companies a role is assigned to, as a whole list. */
export const roleCompaniesRequestSchema = z.object({
  companyIds: z.array(idSchema).max(1000),
});
export type RoleCompaniesRequest = z.infer<typeof roleCompaniesRequestSchema>;

export const ROLE_HELD_MESSAGE = 'Hay personas con este rol: elige a qué rol pasan antes de eliminarlo.';

/** 'Eliminar': the role the people who hold it move to (required when anyone does). */
export const deleteRoleQuerySchema = z.object({
  moveTo: idSchema.optional(),
});
export type DeleteRoleQuery = z.infer<typeof deleteRoleQuerySchema>;

/** A role the people of a company may hold (the user and employee forms' 'Rol' select). */
export const companyRoleSchema = z.object({ id: z.string(), name: z.string(), base: roleNameSchema, isDefault: z.boolean() });
export type CompanyRole = z.infer<typeof companyRoleSchema>;
export const companyRoleListSchema = z.array(companyRoleSchema);
export const companyRolesQuerySchema = z.object({
  /** An administrator names the company; anyone else always gets their own. */
  companyId: idSchema.optional(),
});
