import { z } from 'zod';
import { idSchema } from './common';

/*
 * Pay rules (issue 26, decision 041): what a company pays per concept. The company sets every
 * amount from its convenio; the product computes with them and never claims a legal figure.
 * Amounts in integer cents; times of day as local 'HH:mm' in the company's time zone.
 */

const CENTS_MESSAGE = 'El importe debe ser un número de céntimos entero y no negativo.';
export const centsSchema = z.number({ error: CENTS_MESSAGE }).int({ error: CENTS_MESSAGE }).min(0, { error: CENTS_MESSAGE }).max(100_000_000, { error: 'El importe es demasiado alto.' });
export const localTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'La hora debe tener el formato HH:mm.' });

export const overtimePaySchema = z.discriminatedUnion('kind', [
  /** An overtime hour is paid factor × the ordinary rate in all (1.75: 75 % more). */
  z.object({ kind: z.literal('multiplier'), factor: z.number({ error: 'El multiplicador debe ser un número.' }).min(1, { error: 'El multiplicador debe ser 1 o más.' }).max(4, { error: 'El multiplicador no puede pasar de 4.' }) }),
  /** Cents added per overtime hour on top of the ordinary rate. */
  z.object({ kind: z.literal('perHour'), cents: centsSchema }),
]);
export type OvertimePayRule = z.infer<typeof overtimePaySchema>;

/** A fixed amount per month for everyone in a category ('plus de peligrosidad', 'plus de transporte'). */
export const monthlyPlusSchema = z.object({
  name: z.string().trim().min(1, { error: 'El nombre del plus es obligatorio.' }).max(80, { error: 'El nombre del plus es demasiado largo.' }),
  cents: centsSchema,
  /** The company's own payroll code for it (A3Nom / Sage concept), optional. */
  code: z.string().trim().max(20, { error: 'El código del plus es demasiado largo (20 caracteres como máximo).' }).optional(),
});
export type MonthlyPlus = z.infer<typeof monthlyPlusSchema>;

/** What a category changes of the company's rules; absent fields keep the company's. */
export const categoryPayOverrideSchema = z.object({
  categoryId: idSchema,
  nightPlusPerHourCents: centsSchema.nullish(),
  holidayPlusPerHourCents: centsSchema.nullish(),
  overtime: overtimePaySchema.nullish(),
  monthlyPluses: z.array(monthlyPlusSchema).max(20).default([]),
});
export type CategoryPayOverride = z.infer<typeof categoryPayOverrideSchema>;

/** The concepts an export row can carry, and the company's own code for each (its payroll's). */
export const payConceptKeys = ['ordinary', 'night', 'holiday', 'overtime'] as const;
export const payConceptKeySchema = z.enum(payConceptKeys);
export type PayConceptKey = z.infer<typeof payConceptKeySchema>;
export const PAY_CONCEPT_LABELS: Record<PayConceptKey, string> = {
  ordinary: 'Horas ordinarias',
  night: 'Plus de nocturnidad',
  holiday: 'Plus de festivos',
  overtime: 'Horas extraordinarias',
};
export const DEFAULT_CONCEPT_CODES: Record<PayConceptKey, string> = { ordinary: '001', night: '010', holiday: '011', overtime: '020' };

export const payRulesSchema = z.object({
  nightWindow: z.object({ start: localTimeSchema, end: localTimeSchema }),
  nightPlusPerHourCents: centsSchema,
  holidayPlusPerHourCents: centsSchema,
  /** Sundays are paid as holidays too. */
  sundaysAreHolidays: z.boolean(),
  /** A minute both night and holiday earns 'both' pluses or only the 'higher' one. */
  nightHoliday: z.enum(['both', 'higher']),
  overtime: overtimePaySchema,
  conceptCodes: z.record(
    payConceptKeySchema,
    z.string({ error: 'Falta el código de un concepto.' }).trim().min(1, { error: 'El código de concepto es obligatorio.' }).max(20, { error: 'El código de concepto es demasiado largo (20 caracteres como máximo).' }),
  ),
  categories: z.array(categoryPayOverrideSchema).max(200),
});
export type PayRules = z.infer<typeof payRulesSchema>;

export const DEFAULT_PAY_RULES: PayRules = {
  nightWindow: { start: '22:00', end: '06:00' },
  nightPlusPerHourCents: 0,
  holidayPlusPerHourCents: 0,
  sundaysAreHolidays: false,
  nightHoliday: 'both',
  overtime: { kind: 'multiplier', factor: 1 },
  conceptCodes: DEFAULT_CONCEPT_CODES,
  categories: [],
};

// ---- 'Reglas de pago': the screen's and the API's shapes ------------------------------------------

export const payRulesQuerySchema = z.object({ companyId: idSchema.optional() });

/** PUT /pay-rules: the whole set replaces the company's; the Administrador names the company. */
export const updatePayRulesRequestSchema = payRulesSchema.extend({ companyId: idSchema.optional() });
export type UpdatePayRulesRequest = z.input<typeof updatePayRulesRequestSchema>;

export const payRulesViewSchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  rules: payRulesSchema,
  /** The company's categories, for the per-category overrides. */
  categories: z.array(z.object({ id: z.string(), name: z.string(), priceCents: z.number().nullable() })),
  /** True while the company has not set its own (the defaults apply). */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type PayRulesView = z.infer<typeof payRulesViewSchema>;
