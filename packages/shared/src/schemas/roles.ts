import { z } from 'zod';
import { priceSchema } from './categories';
import { idSchema } from './common';

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Euros per hour, or null for 'Por Convenio'. */
  price: z.number().nullable(),
  /** Administrador, Supervisor and Empleado: cannot be deleted or renamed. */
  isDefault: z.boolean(),
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
});
export type RoleRequest = z.input<typeof roleRequestSchema>;
export type RoleBody = z.output<typeof roleRequestSchema>;

/** 'Asignaciones guardadas': the companies a role is assigned to, as a whole list. */
export const roleCompaniesRequestSchema = z.object({
  companyIds: z.array(idSchema).max(1000),
});
export type RoleCompaniesRequest = z.infer<typeof roleCompaniesRequestSchema>;
