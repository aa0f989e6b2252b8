import { z } from 'zod';
import { idSchema } from './common';
import { monthKeySchema } from './payments';

/*
 * The monthly payroll sheet (issue 26, decision 041): each Empleado's minutes split by concept,
 * overtime, the amounts in cents at the company's pay rules and the flagged records, recomputed
 * until the month is closed; a closed month answers the snapshot taken when it was closed.
 */

export const payrollQuerySchema = z.object({
  month: monthKeySchema,
  /** Administrador: the company; others: their own. */
  companyId: idSchema.optional(),
});
export const payrollMonthRequestSchema = z.object({ month: monthKeySchema, companyId: idSchema.optional() });
export type PayrollMonthRequest = z.infer<typeof payrollMonthRequestSchema>;

export const conceptMinutesSchema = z.object({
  ordinary: z.number().int(),
  night: z.number().int(),
  holiday: z.number().int(),
  nightHoliday: z.number().int(),
});

export const payrollAmountsSchema = z.object({
  /** Every worked minute at the ordinary rate. */
  baseCents: z.number().int(),
  nightPlusCents: z.number().int(),
  holidayPlusCents: z.number().int(),
  /** The overtime supplement on top of the base. */
  overtimeCents: z.number().int(),
  /** The monthly pluses of the employee's categories. */
  plusesCents: z.number().int(),
  totalCents: z.number().int(),
});
export type PayrollAmounts = z.infer<typeof payrollAmountsSchema>;

/** The marks a record carries: its flags and 'corregido' when an approved amendment changed it. */
export const payrollRecordMarkSchema = z.enum(['sin-conexion', 'fuera-de-zona', 'cierre-automatico', 'corregido']);
export type PayrollRecordMark = z.infer<typeof payrollRecordMarkSchema>;
export const PAYROLL_MARK_LABELS: Record<PayrollRecordMark, string> = {
  'sin-conexion': 'Fichado sin conexión',
  'fuera-de-zona': 'Fuera de zona',
  'cierre-automatico': 'Cierre automático',
  corregido: 'Corregido',
};

export const payrollFlaggedRecordSchema = z.object({
  recordId: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  minutes: z.number().int(),
  marks: z.array(payrollRecordMarkSchema),
});

export const payrollPlusSchema = z.object({ name: z.string(), cents: z.number().int(), code: z.string().optional() });

export const payrollLineSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** Minutes of the month's completed records (company time zone), by concept; they add up to `workedMinutes`. */
  minutes: conceptMinutesSchema,
  workedMinutes: z.number().int(),
  /** Minutes beyond the daily, weekly or yearly limit (when set): also counted in `minutes`. */
  overtimeMinutes: z.number().int(),
  /** Of `overtimeMinutes`, those beyond the annual jornada (0 in snapshots closed before it existed). */
  yearlyOvertimeMinutes: z.number().int().default(0),
  /**
   * The minutes of the year through the month's end that count towards the annual jornada (worked
   * less daily and weekly overtime); null when the company sets no annual jornada.
   */
  yearToDateMinutes: z.number().int().nullable().default(null),
  /** The ordinary rate (highest category price); null: 'Por Convenio'. */
  hourlyRateCents: z.number().int().nullable(),
  nightPlusPerHourCents: z.number().int(),
  holidayPlusPerHourCents: z.number().int(),
  /** Null for 'Por Convenio' (no rate to compute with): the minutes still show. */
  amounts: payrollAmountsSchema.nullable(),
  pluses: z.array(payrollPlusSchema),
  recordCount: z.number().int(),
  /** Records with a flag or corrected: counted in the figures, marked for review. */
  flaggedCount: z.number().int(),
  flaggedRecords: z.array(payrollFlaggedRecordSchema),
});
export type PayrollLine = z.infer<typeof payrollLineSchema>;

export const payrollTotalsSchema = z.object({
  minutes: conceptMinutesSchema,
  workedMinutes: z.number().int(),
  overtimeMinutes: z.number().int(),
  yearlyOvertimeMinutes: z.number().int().default(0),
  /** Sums of the lines with a rate ('Por Convenio' lines add nothing). */
  amounts: payrollAmountsSchema,
  flaggedCount: z.number().int(),
  /** Lines without a rate ('Por Convenio'), left out of the amounts. */
  withoutRateCount: z.number().int(),
});

export const payrollSheetSchema = z.object({
  month: z.string(),
  companyId: z.string(),
  timeZone: z.string(),
  dailyLimitMinutes: z.number().int().nullable(),
  weeklyLimitMinutes: z.number().int().nullable(),
  /** The annual jornada in minutes ('Normas de Jornada'); null: no yearly limit. */
  yearlyLimitMinutes: z.number().int().nullable().default(null),
  computedAt: z.string(),
  lines: z.array(payrollLineSchema),
  totals: payrollTotalsSchema,
});
export type PayrollSheet = z.infer<typeof payrollSheetSchema>;

export const payrollResponseSchema = payrollSheetSchema.extend({
  closed: z.boolean(),
  closedAt: z.string().nullable(),
  closedByName: z.string().nullable(),
});
export type PayrollResponse = z.infer<typeof payrollResponseSchema>;

// ---- Payroll exports (docs/payroll-export.md) ------------------------------------------------------

export const payrollExportFormats = ['xlsx', 'csv'] as const;
export type PayrollExportFormat = (typeof payrollExportFormats)[number];

/** GET /payroll/export: the month's sheet as one row per employee and concept, for A3Nom, Sage or a gestoría. */
export const payrollExportQuerySchema = payrollQuerySchema.extend({
  format: z.enum(payrollExportFormats, { error: 'El formato debe ser xlsx o csv.' }),
});
export type PayrollExportQuery = z.infer<typeof payrollExportQuerySchema>;

/** 'nomina-2026-11.xlsx': the name the server gives the download. */
export function payrollExportFileName(month: string, format: PayrollExportFormat): string {
  return `nomina-${month}.${format}`;
}

/**
 * 'Mis Horas' (issue 26, item 4): the signed-in person's own line of the month's sheet. Only the
 * month is asked: whose line it is comes from the session, never from the request.
 */
export const myPayrollQuerySchema = z.object({ month: monthKeySchema });

export const myPayrollResponseSchema = z.object({
  month: z.string(),
  /** The caller's line, figure for figure the one 'Pagos' shows; null when the sheet has none for them (only Empleados are on it). */
  line: payrollLineSchema.nullable(),
  dailyLimitMinutes: z.number().int().nullable(),
  computedAt: z.string(),
  /** Closed: the figures frozen when the month was closed. */
  closed: z.boolean(),
  closedAt: z.string().nullable(),
});
export type MyPayrollResponse = z.infer<typeof myPayrollResponseSchema>;
