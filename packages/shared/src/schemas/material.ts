import { z } from 'zod';
import { DATE_RANGE_MESSAGE, dateRangeFilterShape, dateRangeIsOrdered, filterIdSchema, searchTextSchema } from './list-filters';
import { findDuplicateSize, loanFilters, loanStatuses, materialSizeLabel, materialSizes, MAX_SIGNATURE_BYTES, myLoanViews, PNG_DATA_URL_PREFIX } from '../material';
import { idSchema, pageQuerySchema } from './common';

export const MATERIAL_NAME_REQUIRED_MESSAGE = 'El nombre del material es obligatorio.';
export const SIZE_REQUIRED_MESSAGE = 'Selecciona una talla.';
export const SIZES_REQUIRED_MESSAGE = 'Añade al menos una talla.';
/** Spec section 5, 'Cantidad inválida'. */
export const QUANTITY_POSITIVE_MESSAGE = 'La cantidad debe ser mayor que cero.';
export const QUANTITY_NOT_NEGATIVE_MESSAGE = 'La cantidad no puede ser negativa.';
export const QUANTITY_WHOLE_MESSAGE = 'La cantidad debe ser un número entero.';
export const duplicateSizeMessage = (size: string) => `La talla ${materialSizeLabel(size)} ya está en el material.`;
/** Spec section 5, loan creation. */
export const EMPLOYEE_REQUIRED_MESSAGE = 'Debes seleccionar un empleado.';
export const ITEMS_REQUIRED_MESSAGE = 'Debes añadir al menos un artículo para prestar.';
export const incompleteItemMessage = (label: string) => `El artículo "${label}" está incompleto.`;
export const insufficientStockMessage = (materialName: string, size: string) => `No hay suficiente stock para ${materialName} talla ${materialSizeLabel(size)}.`;
/** Spec section 5, loan confirmation ('Firma requerida'). */
export const SIGNATURE_REQUIRED_MESSAGE = 'Debes proporcionar tu firma para confirmar la recepción.';
export const SIGNATURE_INVALID_MESSAGE = 'La firma no es una imagen PNG válida.';
export const SIGNATURE_TOO_LARGE_MESSAGE = 'La firma supera el tamaño máximo de 200 KB.';

export const MAX_MATERIAL_SIZES = materialSizes.length;
export const MAX_LOAN_ITEMS = 50;
/** Far above any real stock; keeps sums inside a 32-bit integer column. */
export const MAX_QUANTITY = 100_000;

export const materialSizeSchema = z.enum(materialSizes, { error: SIZE_REQUIRED_MESSAGE });
export const loanStatusSchema = z.enum(loanStatuses);

/** A whole number of units; `positive` for stock added or lent, otherwise 0 or more (editing). */
function quantitySchema(positive: boolean) {
  const base = z.number({ error: positive ? QUANTITY_POSITIVE_MESSAGE : QUANTITY_NOT_NEGATIVE_MESSAGE }).int({ error: QUANTITY_WHOLE_MESSAGE });
  return (positive ? base.min(1, { error: QUANTITY_POSITIVE_MESSAGE }) : base.min(0, { error: QUANTITY_NOT_NEGATIVE_MESSAGE })).max(MAX_QUANTITY, {
    error: `La cantidad no puede superar ${MAX_QUANTITY}.`,
  });
}

export const materialItemSchema = z.object({
  id: z.string(),
  size: materialSizeSchema,
  quantity: z.number().int(),
});
export type MaterialItem = z.infer<typeof materialItemSchema>;

export const materialSchema = z.object({
  id: z.string(),
  name: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  /** Sizes in the spec's order (Unica, Xs … XXL) with their stock. */
  items: z.array(materialItemSchema),
  createdAt: z.string(),
});
export type Material = z.infer<typeof materialSchema>;

export const materialListQuerySchema = z.object({ companyId: idSchema.optional() });
export type MaterialListQuery = z.output<typeof materialListQuerySchema>;

export const materialListResponseSchema = z.object({
  /** By name. */
  items: z.array(materialSchema),
  /** True when the scope held more materials than one answer carries. */
  truncated: z.boolean(),
});
export type MaterialList = z.infer<typeof materialListResponseSchema>;

const stockLineSchema = z.object({ size: materialSizeSchema, quantity: quantitySchema(true) });

/** 'Añadir material': a name and its sizes with their first stock; each size once. */
export const createMaterialRequestSchema = z
  .object({
    name: z.string({ error: MATERIAL_NAME_REQUIRED_MESSAGE }).trim().min(1, { error: MATERIAL_NAME_REQUIRED_MESSAGE }).max(200, { error: 'El nombre es demasiado largo.' }),
    items: z.array(stockLineSchema, { error: SIZES_REQUIRED_MESSAGE }).min(1, { error: SIZES_REQUIRED_MESSAGE }).max(MAX_MATERIAL_SIZES, { error: SIZES_REQUIRED_MESSAGE }),
    /** Administrador: the material's company. Others: omitted (their own company). */
    companyId: idSchema.nullish(),
  })
  .superRefine((value, context) => {
    const sizes: string[] = value.items.map((item) => item.size);
    const duplicate = findDuplicateSize(sizes);
    if (duplicate) context.addIssue({ code: 'custom', message: duplicateSizeMessage(duplicate), path: ['items', sizes.lastIndexOf(duplicate), 'size'] });
  });
export type CreateMaterialRequest = z.input<typeof createMaterialRequestSchema>;
export type CreateMaterialInput = z.output<typeof createMaterialRequestSchema>;

/** 'Añadir stock': a size the material does not have yet, with its units. */
export const addStockRequestSchema = stockLineSchema;
export type AddStockRequest = z.infer<typeof addStockRequestSchema>;

/** Editing a size's stock accepts 0 or more (spec section 5). */
export const updateStockRequestSchema = z.object({ quantity: quantitySchema(false) });
export type UpdateStockRequest = z.infer<typeof updateStockRequestSchema>;

export const materialItemParamsSchema = z.object({ id: idSchema, itemId: idSchema });

export const loanItemSchema = z.object({
  materialId: z.string(),
  /** The material's name when lent, kept even if the material is later deleted. */
  materialName: z.string(),
  size: materialSizeSchema,
  quantity: z.number().int(),
});
export type LoanItem = z.infer<typeof loanItemSchema>;

export const materialLoanSchema = z.object({
  id: z.string(),
  employeeId: z.string(),
  employeeName: z.string(),
  supervisorId: z.string(),
  supervisorName: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  lentItems: z.array(loanItemSchema),
  status: loanStatusSchema,
  /** Instants, ISO UTC; null until the step happened. */
  loanDate: z.string(),
  confirmationDate: z.string().nullable(),
  denialDate: z.string().nullable(),
  returnRequestDate: z.string().nullable(),
  returnDate: z.string().nullable(),
  /** Whether the employee signed the receipt; the image is at GET /material-loans/{id}/signature. */
  signed: z.boolean(),
});
export type MaterialLoan = z.infer<typeof materialLoanSchema>;

/** A loan line as the form holds it: blanks allowed until sent, then each line must be complete. */
const loanLineSchema = z.object({
  materialId: z.string().max(100).default(''),
  size: z.union([materialSizeSchema, z.literal('')]).default(''),
  quantity: z.number().int().max(MAX_QUANTITY, { error: `La cantidad no puede superar ${MAX_QUANTITY}.` }).nullable().default(null),
});

/**
 * 'Prestar material' (spec section 5): an employee, then at least one line, each with its material,
 * size and a quantity of 1 or more ('El artículo "2" está incompleto.', counting lines from 1).
 */
export const createLoanRequestSchema = z
  .object({
    employeeId: z.string({ error: EMPLOYEE_REQUIRED_MESSAGE }).max(100).default(''),
    items: z.array(loanLineSchema).max(MAX_LOAN_ITEMS, { error: `No se pueden prestar más de ${MAX_LOAN_ITEMS} artículos a la vez.` }).default([]),
  })
  .superRefine((value, context) => {
    if (!value.employeeId) {
      context.addIssue({ code: 'custom', message: EMPLOYEE_REQUIRED_MESSAGE, path: ['employeeId'] });
      return;
    }
    if (value.items.length === 0) {
      context.addIssue({ code: 'custom', message: ITEMS_REQUIRED_MESSAGE, path: ['items'] });
      return;
    }
    const incomplete = value.items.findIndex((item) => !item.materialId || !item.size || item.quantity === null || item.quantity < 1);
    if (incomplete >= 0) context.addIssue({ code: 'custom', message: incompleteItemMessage(String(incomplete + 1)), path: ['items', incomplete] });
  });
export type CreateLoanRequest = z.input<typeof createLoanRequestSchema>;
export type CreateLoanInput = z.output<typeof createLoanRequestSchema>;

export const loanListQuerySchema = pageQuerySchema
  .extend({
    filter: z.enum(loanFilters).default('all'),
    companyId: idSchema.optional(),
    /** Issue 21: the borrower, the days lent (company time zone), a name (borrower or lender). */
    userId: filterIdSchema,
    ...dateRangeFilterShape,
    q: searchTextSchema,
  })
  .refine(dateRangeIsOrdered, { error: DATE_RANGE_MESSAGE, path: ['from'] });
export type LoanListQuery = z.output<typeof loanListQuerySchema>;

export const loanPageSchema = z.object({
  /** Newest first. */
  items: z.array(materialLoanSchema),
  nextCursor: z.string().nullable(),
});
export type LoanPage = z.infer<typeof loanPageSchema>;

/** The employee's lists: 'pending' (Acciones Pendientes) and 'held' (Mi Cuenta). */
export const myLoansQuerySchema = z.object({ view: z.enum(myLoanViews).default('pending') });
export const myLoansResponseSchema = z.object({ items: z.array(materialLoanSchema), truncated: z.boolean() });
export type MyLoans = z.infer<typeof myLoansResponseSchema>;

/** A trimmed PNG from the signature pad as a data URL (the server also checks its bytes). */
export const signatureDataUrlSchema = z
  .string({ error: SIGNATURE_REQUIRED_MESSAGE })
  .min(1, { error: SIGNATURE_REQUIRED_MESSAGE })
  .max(PNG_DATA_URL_PREFIX.length + Math.ceil((MAX_SIGNATURE_BYTES * 4) / 3) + 4, { error: SIGNATURE_TOO_LARGE_MESSAGE })
  .refine((value) => value.startsWith(PNG_DATA_URL_PREFIX), { error: SIGNATURE_INVALID_MESSAGE });

export const confirmLoanRequestSchema = z.object({ signature: signatureDataUrlSchema });
export type ConfirmLoanRequest = z.infer<typeof confirmLoanRequestSchema>;

export const lendableEmployeesQuerySchema = z.object({ companyId: idSchema.optional() });
/** 'Empleado' users of the company with access (spec section 6: lending lists only Empleado users). */
export const lendableEmployeesResponseSchema = z.object({ employees: z.array(z.object({ id: z.string(), name: z.string() })) });
export type LendableEmployees = z.infer<typeof lendableEmployeesResponseSchema>;
