import { z } from 'zod';
import { idSchema } from './common';

export const PRICE_NOT_A_NUMBER_MESSAGE = 'El precio debe ser un número.';

function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/**
 * An hourly price in euros with step 0.01 (stored as cents); null means 'Por Convenio'. Forms turn a
 * blank field into null before validating.
 */
export const priceSchema = z
  .number({ error: PRICE_NOT_A_NUMBER_MESSAGE })
  .min(0, { error: 'El precio no puede ser negativo.' })
  .max(99999.99, { error: 'El precio es demasiado alto.' })
  .refine(hasAtMostTwoDecimals, { error: 'El precio admite como máximo 2 decimales.' })
  .nullable();

export const requiredDocTypes = ['escrito', 'foto'] as const;
export type RequiredDocType = (typeof requiredDocTypes)[number];

export const requiredDocSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(requiredDocTypes),
});
export type RequiredDoc = z.infer<typeof requiredDocSchema>;

/** A required document as a form sends it: a new one has no id yet and gets one from the server. */
export const requiredDocInputSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'El identificador del documento no es válido.' }).optional(),
  name: z
    .string({ error: 'El nombre del documento es obligatorio.' })
    .trim()
    .min(1, { error: 'El nombre del documento es obligatorio.' })
    .max(200, { error: 'El nombre del documento es demasiado largo.' }),
  type: z.enum(requiredDocTypes, { error: "El tipo de documento debe ser 'escrito' o 'foto'." }),
});
export type RequiredDocInput = z.input<typeof requiredDocInputSchema>;

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Euros per hour, or null for 'Por Convenio'. */
  price: z.number().nullable(),
  /** In the order the administrator gave them. */
  requiredDocs: z.array(requiredDocSchema),
  /** Companies the category is assigned to (a non-admin sees only their own). */
  companyIds: z.array(z.string()),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListResponseSchema = z.array(categorySchema);

/** Create and edit send the whole dialog: Detalles, Empresas and Documentos requeridos. */
export const categoryRequestSchema = z.object({
  name: z
    .string({ error: 'El nombre de la categoría es obligatorio.' })
    .trim()
    .min(1, { error: 'El nombre de la categoría es obligatorio.' })
    .max(200, { error: 'El nombre de la categoría es demasiado largo.' }),
  price: priceSchema.default(null),
  companyIds: z.array(idSchema).max(1000).default([]),
  requiredDocs: z
    .array(requiredDocInputSchema)
    .max(50, { error: 'Una categoría admite como máximo 50 documentos requeridos.' })
    .default([])
    .refine(
      (docs) => {
        const ids = docs.flatMap((doc) => (doc.id ? [doc.id] : []));
        return new Set(ids).size === ids.length;
      },
      { error: 'Los documentos requeridos tienen identificadores repetidos.' },
    ),
});
export type CategoryRequest = z.input<typeof categoryRequestSchema>;
/** The request as the server holds it after validation (defaults applied). */
export type CategoryBody = z.output<typeof categoryRequestSchema>;
