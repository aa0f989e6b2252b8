import { z } from 'zod';
import { idSchema } from './common';
import { isCalendarDate } from './list-filters';

/**
 * Issue 27 item 6, 'Titulaciones' (decision 042): an employee's professional qualifications, each
 * of a type from the company's list, with a number and an optional expiry date, judged valid on an
 * event's date when the person is assigned.
 */

/** The types every new company starts with; its supervisors add their own. */
export const DEFAULT_QUALIFICATION_TYPES = ['TIP de vigilante de seguridad', 'Controlador de acceso', 'Primeros auxilios', 'Carné de conducir'] as const;

/** Days before expiry at which the holder and the company's supervisors are told (once each). */
export const QUALIFICATION_REMINDER_DAYS = [60, 30, 7] as const;
/** 'Caducidades' lists what expired and what expires within these days. */
export const EXPIRING_WINDOW_DAYS = 60;

export const QUALIFICATION_DATE_MESSAGE = 'La fecha debe tener el formato AAAA-MM-DD.';
export const DUPLICATE_QUALIFICATION_TYPE_MESSAGE = 'Ya existe una titulación con ese nombre.';
export const ISSUED_AFTER_EXPIRY_MESSAGE = 'La fecha de expedición no puede ser posterior a la de caducidad.';

/** 'Titulaciones' in an assignment (company setting): warn and save, or refuse. */
export const qualificationCheckSchema = z.enum(['warn', 'refuse'], { error: 'Elige qué hacer con una titulación que falta o ha caducado.' });
export type QualificationCheck = z.infer<typeof qualificationCheckSchema>;
export const QUALIFICATION_CHECK_LABELS: Record<QualificationCheck, string> = {
  warn: 'Avisar y asignar',
  refuse: 'Impedir la asignación',
};

const calendarDateSchema = z.string({ error: QUALIFICATION_DATE_MESSAGE }).refine(isCalendarDate, { error: QUALIFICATION_DATE_MESSAGE });
const text = (max: number, label: string) =>
  z
    .string({ error: `Indica ${label}.` })
    .trim()
    .min(1, { error: `Indica ${label}.` })
    .max(max, { error: `${label[0]!.toUpperCase()}${label.slice(1)} no puede superar ${max} caracteres.` });

// ---- Types -------------------------------------------------------------------------------------

export const qualificationTypeSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  name: z.string(),
  /** Employees holding one: a type in use cannot be deleted. */
  holders: z.number().int(),
});
export type QualificationType = z.infer<typeof qualificationTypeSchema>;

export const companyQuerySchema = z.object({ companyId: idSchema.optional() });

export const qualificationTypeListSchema = z.object({ items: z.array(qualificationTypeSchema) });
export type QualificationTypeList = z.infer<typeof qualificationTypeListSchema>;

export const createQualificationTypeRequestSchema = z.object({
  name: text(120, 'el nombre de la titulación'),
  /** Administrador: the company. A supervisor's is their own. */
  companyId: idSchema.optional(),
});
export type CreateQualificationTypeRequest = z.infer<typeof createQualificationTypeRequestSchema>;

// ---- An employee's qualifications ---------------------------------------------------------------

export const qualificationStatusSchema = z.enum(['vigente', 'caduca-pronto', 'caducada']);
export type QualificationStatus = z.infer<typeof qualificationStatusSchema>;

export const qualificationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  typeId: z.string(),
  typeName: z.string(),
  number: z.string(),
  issuedOn: z.string().nullable(),
  /** Null: it does not expire. Valid through this day, inclusive. */
  expiresOn: z.string().nullable(),
  /** Days from today (the company's calendar) to the expiry; negative once expired; null if it does not expire. */
  daysLeft: z.number().int().nullable(),
  status: qualificationStatusSchema,
  /** The photo of the document, when uploaded: its download address. */
  photoUrl: z.string().nullable(),
  /** Some category of the holder asks for a photo of this type. */
  photoRequired: z.boolean(),
});
export type Qualification = z.infer<typeof qualificationSchema>;

export const qualificationListSchema = z.object({ items: z.array(qualificationSchema) });
export type QualificationList = z.infer<typeof qualificationListSchema>;

export const saveQualificationRequestSchema = z
  .object({
    typeId: idSchema,
    number: text(80, 'el número'),
    issuedOn: calendarDateSchema.nullish(),
    expiresOn: calendarDateSchema.nullish(),
  })
  .refine((value) => !value.issuedOn || !value.expiresOn || value.issuedOn <= value.expiresOn, { error: ISSUED_AFTER_EXPIRY_MESSAGE, path: ['issuedOn'] });
export type SaveQualificationRequest = z.infer<typeof saveQualificationRequestSchema>;

export const employeeQualificationParamsSchema = z.object({ id: idSchema });

// ---- Required types ------------------------------------------------------------------------------

export const categoryRequirementSchema = z.object({ typeId: idSchema, requiresPhoto: z.boolean() });
export type CategoryRequirement = z.infer<typeof categoryRequirementSchema>;

export const qualificationRequirementsSchema = z.object({
  companyId: z.string(),
  /** The company's categories, each with the types it requires. */
  categories: z.array(z.object({ categoryId: z.string(), categoryName: z.string(), requirements: z.array(categoryRequirementSchema) })),
});
export type QualificationRequirements = z.infer<typeof qualificationRequirementsSchema>;

export const saveCategoryRequirementsRequestSchema = z.object({
  companyId: idSchema.optional(),
  requirements: z.array(categoryRequirementSchema).max(100),
});
export type SaveCategoryRequirementsRequest = z.infer<typeof saveCategoryRequirementsRequestSchema>;

export const eventRequirementsSchema = z.object({ typeIds: z.array(z.string()) });
export type EventRequirements = z.infer<typeof eventRequirementsSchema>;

/** The event form's 'Titulaciones requeridas': type ids of the event's company. */
export const requiredQualificationsSchema = z.array(idSchema).max(50);

// ---- Caducidades -----------------------------------------------------------------------------------

export const expiringQualificationSchema = qualificationSchema.extend({ userName: z.string() });
export type ExpiringQualification = z.infer<typeof expiringQualificationSchema>;

export const expiringListSchema = z.object({
  companyId: z.string(),
  /** Expired first (oldest first), then those expiring soonest. */
  items: z.array(expiringQualificationSchema),
});
export type ExpiringList = z.infer<typeof expiringListSchema>;

// ---- Assignment check ------------------------------------------------------------------------------

export const qualificationWarningSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  typeName: z.string(),
  /** The event's day 'YYYY-MM-DD' the qualification was judged on. */
  day: z.string(),
  reason: z.enum(['missing', 'expired', 'photo']),
  message: z.string(),
});
export type QualificationWarning = z.infer<typeof qualificationWarningSchema>;

const dmy = (day: string) => day.split('-').reverse().join('/');

/** The Spanish sentence of one problem, as the warning and the refusal say it. */
export function qualificationProblemMessage(problem: Pick<QualificationWarning, 'userName' | 'typeName' | 'day' | 'reason'>): string {
  if (problem.reason === 'missing') return `${problem.userName} no tiene la titulación «${problem.typeName}», requerida el ${dmy(problem.day)}.`;
  if (problem.reason === 'photo') return `${problem.userName} no ha aportado la foto de «${problem.typeName}», requerida por su categoría.`;
  return `La titulación «${problem.typeName}» de ${problem.userName} no está vigente el ${dmy(problem.day)}.`;
}

/** 'Caducada' / 'Caduca en N días' / 'Caduca hoy'. */
export function expiryBadgeText(daysLeft: number | null): string | null {
  if (daysLeft === null) return null;
  if (daysLeft < 0) return 'Caducada';
  if (daysLeft === 0) return 'Caduca hoy';
  return daysLeft === 1 ? 'Caduca en 1 día' : `Caduca en ${daysLeft} días`;
}

/** Whole days from `today` to `day` (both 'YYYY-MM-DD'). */
export function daysBetween(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** The calendar day `days` after `day` ('YYYY-MM-DD'). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function qualificationStatusOf(daysLeft: number | null): QualificationStatus {
  if (daysLeft === null || daysLeft > EXPIRING_WINDOW_DAYS) return 'vigente';
  return daysLeft < 0 ? 'caducada' : 'caduca-pronto';
}
