import { z } from 'zod';
import { grantableViews, roleNames } from '../permissions';
import { idSchema } from './common';

export const grantableViewSchema = z.enum(grantableViews, { error: 'Una de las vistas indicadas no existe.' });

/** A role that the matrix of a company can grant views to: non-admin and assigned to the company. */
export const permissionRoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Decision 043: the capabilities it is based on; only the views that base can reach are worth granting. */
  base: z.enum(roleNames),
});

export const companyPermissionsSchema = z.object({
  companyId: z.string(),
  /** The rows of the matrix, by name. */
  roles: z.array(permissionRoleSchema),
  /** role id → granted view ids, one key for each role in `roles`. */
  permissions: z.record(z.string(), z.array(grantableViewSchema)),
});
export type CompanyPermissions = z.infer<typeof companyPermissionsSchema>;

/** 'Permisos guardados': each role given here gets exactly these views; roles left out keep theirs. */
export const updatePermissionsRequestSchema = z.object({
  permissions: z.record(idSchema, z.array(grantableViewSchema).max(grantableViews.length * 2)),
});
export type UpdatePermissionsRequest = z.infer<typeof updatePermissionsRequestSchema>;
