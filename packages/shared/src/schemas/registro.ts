import { z } from 'zod';
import { monthKeyPattern } from '../format';
import { ruleKinds } from '../working-time';
import { idSchema } from './common';
import { timeRecordFlagSchema } from './time-records';

/** Registro de jornada (issue 11 parts 4 and 6): working-time rules, monthly records, signing. */

export const MONTH_FORMAT_MESSAGE = 'El mes debe tener el formato aaaa-MM.';
export const monthKeySchema = z.string({ error: MONTH_FORMAT_MESSAGE }).regex(monthKeyPattern, { error: MONTH_FORMAT_MESSAGE });

const wholeHours = (label: string, min: number, max: number, extra = '') =>
  z
    .number({ error: `${label}: indica un número de horas.` })
    .int({ error: `${label}: indica un número entero de horas.` })
    .min(min, { error: `${label}: debe ser de al menos ${min} h.` })
    .max(max, { error: `${label}: no puede superar ${max} h${extra}.` });

export const rulesQuerySchema = z.object({ companyId: idSchema.optional() });

/** The Estatuto caps overtime at 80 h a year (art. 35.2): a convenio may lower it, never raise it. */
export const updateWorkingTimeRulesRequestSchema = z.object({
  maxDailyHours: wholeHours('Jornada ordinaria máxima diaria', 1, 24),
  minRestHours: wholeHours('Descanso mínimo entre jornadas', 1, 48),
  maxYearlyOvertimeHours: wholeHours('Horas extra máximas al año', 0, 80, ' (límite del Estatuto de los Trabajadores)'),
  maxMonthlyHours: wholeHours('Horas máximas al mes', 1, 744).nullable(),
  /**
   * The convenio's annual jornada (ordinary hours a year; e.g. 1,782 in private security): the
   * payroll sheet counts the ordinary hours of a year beyond it as overtime (decision 041). Null: no
   * yearly limit; omitted: unchanged. A year has at most 8,784 hours.
   */
  yearlyOrdinaryHours: wholeHours('Jornada anual', 1, 8784).nullable().optional(),
  /** Administrador: the company. Others: omitted (their own). */
  companyId: idSchema.optional(),
});
export type UpdateWorkingTimeRulesRequest = z.input<typeof updateWorkingTimeRulesRequestSchema>;

export const workingTimeRulesSchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  maxDailyHours: z.number(),
  minRestHours: z.number(),
  maxYearlyOvertimeHours: z.number(),
  maxMonthlyHours: z.number().nullable(),
  /** The convenio's annual jornada in hours; null: none (the payroll sheet has no yearly overtime). */
  yearlyOrdinaryHours: z.number().nullable(),
  /** True while the company has not set its own (the Estatuto applies). */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type WorkingTimeRulesView = z.infer<typeof workingTimeRulesSchema>;

export const ruleBreakSchema = z.object({
  rule: z.enum(ruleKinds),
  day: z.string(),
  excessMinutes: z.number(),
  message: z.string(),
});

export const registroEntrySchema = z.object({
  start: z.string(),
  end: z.string().nullable(),
  workedMinutes: z.number(),
  corrected: z.boolean(),
  /** 'Alta por corrección': a missing record added through an approved correction. */
  addedByCorrection: z.boolean(),
  /** 'Fichado sin conexión', 'Fuera de zona', 'Cierre automático' (decision 040). */
  flags: z.array(timeRecordFlagSchema),
});

export const registroDaySchema = z.object({
  day: z.string(),
  entries: z.array(registroEntrySchema),
  workedMinutes: z.number(),
  overtimeMinutes: z.number(),
  breaks: z.array(ruleBreakSchema),
});

export const registroWorkerSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
});

export const registroTotalsSchema = z.object({
  workedMinutes: z.number(),
  overtimeMinutes: z.number(),
  yearOvertimeMinutes: z.number(),
  breakCount: z.number(),
});

export const registroMonthSchema = z.object({
  company: z.object({ id: z.string(), name: z.string() }),
  worker: registroWorkerSchema,
  month: z.string(),
  days: z.array(registroDaySchema),
  totals: registroTotalsSchema,
  rules: z.object({ maxDailyHours: z.number(), minRestHours: z.number(), maxYearlyOvertimeHours: z.number(), maxMonthlyHours: z.number().nullable() }),
  /** Null until the worker signs the month. */
  signedAt: z.string().nullable(),
  /** A correction changed the month after it was signed: the signed copy no longer matches. */
  changedSinceSigning: z.boolean(),
  /** Earlier signatures of the month, superseded by a later one ('Firmar la nueva versión'), oldest first. */
  supersededSignatures: z.array(z.object({ signedAt: z.string(), workedMinutes: z.number(), contentSha256: z.string() })),
  /** Whether the caller may sign it now, and if not, why (Spanish). */
  canSign: z.boolean(),
  signBlockedReason: z.string().nullable(),
});
export type RegistroMonth = z.infer<typeof registroMonthSchema>;

export const myRegistroQuerySchema = z.object({ month: monthKeySchema });

export const downloadFormatSchema = z.enum(['pdf', 'csv'], { error: 'El formato debe ser pdf o csv.' });
export const myRegistroDownloadQuerySchema = z.object({ month: monthKeySchema, format: downloadFormatSchema });

export const SIGNATURE_MISSING_MESSAGE = 'Firma el registro antes de enviarlo.';
export const signMonthRequestSchema = z.object({
  month: monthKeySchema,
  signature: z.string({ error: SIGNATURE_MISSING_MESSAGE }).min(1, { error: SIGNATURE_MISSING_MESSAGE }).max(400_000, { error: 'La firma es demasiado grande.' }),
});
export type SignMonthRequest = z.infer<typeof signMonthRequestSchema>;

export const companyRegistroQuerySchema = z.object({ month: monthKeySchema, companyId: idSchema.optional() });
export const companyRegistroDownloadQuerySchema = companyRegistroQuerySchema.extend({ format: downloadFormatSchema });
export const employeeRegistroParamsSchema = z.object({ userId: idSchema });

export const companyRegistroSchema = z.object({
  company: z.object({ id: z.string(), name: z.string() }),
  month: z.string(),
  /** False for the current or a future month: nobody can sign it yet. */
  closed: z.boolean(),
  employees: z.array(
    registroWorkerSchema.extend({
      workedMinutes: z.number(),
      overtimeMinutes: z.number(),
      breakCount: z.number(),
      signedAt: z.string().nullable(),
    }),
  ),
});
export type CompanyRegistro = z.infer<typeof companyRegistroSchema>;

/** What an assignment warns about: a working-time rule, or the person said they cannot work then (decision 044). */
export const assignmentWarningKinds = [...ruleKinds, 'unavailable'] as const;

/** One warning of an assignment (409 WORKING_TIME_WARNING, `warnings`), to confirm with 'Asignar igualmente'. */
export const workingTimeWarningSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  rule: z.enum(assignmentWarningKinds),
  day: z.string(),
  excessMinutes: z.number(),
  message: z.string(),
});
export type WorkingTimeWarning = z.infer<typeof workingTimeWarningSchema>;
