import { z } from 'zod';
import { roleNames } from '../permissions';

export const loginRequestSchema = z.object({
  username: z.string({ error: 'El usuario es obligatorio.' }).trim().min(1, { error: 'El usuario es obligatorio.' }).max(100),
  password: z.string({ error: 'La contraseña es obligatoria.' }).min(1, { error: 'La contraseña es obligatoria.' }).max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const roleNameSchema = z.enum(roleNames);

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  roleId: z.string(),
  /** The capabilities the role has: a custom role's base, Empleado or Supervisor (decision 043). */
  role: roleNameSchema,
  /** The role's own name, shown to people (a custom role's name, or the default role's). */
  roleName: z.string(),
  companyId: z.string().nullable(),
  categoryIds: z.array(z.string()),
  isDisabled: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The profile of the spec's sign-in result: the role plus what the web needs to draw the shell. */
export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: roleNameSchema,
  roleName: z.string(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  /** Views granted by the company's permission matrix (all grantable views for an administrator). */
  grantedViews: z.array(z.string()),
});
export type Profile = z.infer<typeof profileSchema>;

export const sessionResponseSchema = z.object({
  user: sessionUserSchema,
  profile: profileSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
