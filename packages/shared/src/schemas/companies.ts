import { z } from 'zod';
import { idSchema } from './common';

export const COMPANY_NAME_EMPTY_MESSAGE = 'El nombre de la empresa no puede estar vacío.';

export const companyNameSchema = z
  .string({ error: COMPANY_NAME_EMPTY_MESSAGE })
  .trim()
  .min(1, { error: COMPANY_NAME_EMPTY_MESSAGE })
  .max(200, { error: 'El nombre de la empresa es demasiado largo.' });

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Role ids assigned to the company. */
  assignedRoles: z.array(z.string()),
  /** Category ids assigned to the company. */
  assignedCategories: z.array(z.string()),
  /** The permission matrix: role id → granted view ids. */
  permissions: z.record(z.string(), z.array(z.string())),
});
export type Company = z.infer<typeof companySchema>;

export const companyListResponseSchema = z.array(companySchema);

/** Create and rename. */
export const companyRequestSchema = z.object({ name: companyNameSchema });
export type CompanyRequest = z.input<typeof companyRequestSchema>;

/** Deleting asks the administrator to type the company's name. */
export const deleteCompanyRequestSchema = z.object({
  confirmName: z.string({ error: 'Escribe el nombre de la empresa para confirmar.' }).max(200),
});
export type DeleteCompanyRequest = z.infer<typeof deleteCompanyRequestSchema>;

/** 'Asignaciones guardadas': the roles and categories of a company, each as a whole list. */
export const companyAssignmentsRequestSchema = z.object({
  assignedRoles: z.array(idSchema).max(100),
  assignedCategories: z.array(idSchema).max(1000),
});
export type CompanyAssignmentsRequest = z.infer<typeof companyAssignmentsRequestSchema>;

export const companyParamsSchema = z.object({ companyId: idSchema });
