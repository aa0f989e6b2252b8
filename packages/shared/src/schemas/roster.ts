import { z } from 'zod';
import { idSchema } from './common';
import { isCalendarDate } from './list-filters';

/** 'Cuadrante' (issue 27 item 1, decision 045): who works when, a row per person and a column per day. */

/** The longest range one request may ask for: six weeks, the most a month grid shows. */
export const MAX_ROSTER_DAYS = 42;

export const ROSTER_DATE_MESSAGE = 'Las fechas deben tener el formato AAAA-MM-DD.';
export const ROSTER_ORDER_MESSAGE = 'La fecha final no puede ser anterior a la inicial.';
export const ROSTER_SPAN_MESSAGE = `El cuadrante abarca como máximo ${MAX_ROSTER_DAYS} días.`;

const rosterDaySchema = z.string({ error: ROSTER_DATE_MESSAGE }).refine(isCalendarDate, { error: ROSTER_DATE_MESSAGE });

/** Days from `from` to `to`, both included (calendar arithmetic, no time zone). */
export function rosterDayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export const rosterQuerySchema = z
  .object({
    from: rosterDaySchema,
    to: rosterDaySchema,
    categoryId: idSchema.optional(),
    /** The Administrador names the company; a supervisor's is their own. */
    companyId: idSchema.optional(),
  })
  .superRefine((query, context) => {
    if (!isCalendarDate(query.from) || !isCalendarDate(query.to)) return;
    const days = rosterDayCount(query.from, query.to);
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: ROSTER_ORDER_MESSAGE });
    else if (days > MAX_ROSTER_DAYS) context.addIssue({ code: 'custom', path: ['to'], message: ROSTER_SPAN_MESSAGE });
  });
export type RosterQuery = z.infer<typeof rosterQuerySchema>;

/**
 * Why a shift is marked: another of the person's events at the same time, a confirmed vacation on
 * its day, a time the person said they cannot work (decision 044), a working-time rule it breaks (rest between jornadas, daily, monthly or yearly limits),
 * a required qualification missing, expired on its day or without the photo its category asks for.
 */
export const ROSTER_CONFLICT_KINDS = ['overlap', 'vacation', 'unavailable', 'rest', 'qualification'] as const;
export type RosterConflictKind = (typeof ROSTER_CONFLICT_KINDS)[number];
export const ROSTER_CONFLICT_LABELS: Record<RosterConflictKind, string> = {
  overlap: 'Solapamiento',
  vacation: 'Vacaciones',
  unavailable: 'No disponible',
  rest: 'Normas de jornada',
  qualification: 'Titulación',
};

export const rosterConflictSchema = z.object({ kind: z.enum(ROSTER_CONFLICT_KINDS), message: z.string() });
export type RosterConflict = z.infer<typeof rosterConflictSchema>;

export const rosterShiftSchema = z.object({
  eventId: z.string(),
  name: z.string(),
  /** ISO UTC instants, and the local wall-clock times 'HH:mm' in the company time zone. */
  startTime: z.string(),
  endTime: z.string(),
  start: z.string(),
  end: z.string(),
  /** Not yet accepted by the person (the company asks for acceptance, decision 046). */
  pending: z.boolean(),
  conflicts: z.array(rosterConflictSchema),
});
export type RosterShift = z.infer<typeof rosterShiftSchema>;

export const rosterCellSchema = z.object({
  /** 'YYYY-MM-DD', the company's calendar. */
  date: z.string(),
  /** The events starting that day, by start. */
  shifts: z.array(rosterShiftSchema),
  /** A confirmed vacation that day. */
  vacation: z.boolean(),
  /**
   * The stretches of the day the person said they cannot work ('Mi Disponibilidad', decision 044),
   * clipped to the day, in local 'HH:mm' ('24:00' when one reaches midnight), by start.
   */
  unavailable: z.array(z.object({ start: z.string(), end: z.string(), description: z.string() })),
});
export type RosterCell = z.infer<typeof rosterCellSchema>;

export const rosterEmployeeSchema = z.object({
  userId: z.string(),
  name: z.string(),
  categoryIds: z.array(z.string()),
  /** One per day of the range, in order. */
  cells: z.array(rosterCellSchema),
});
export type RosterEmployee = z.infer<typeof rosterEmployeeSchema>;

/** An event of the range that still takes people (it has not ended), for assigning from the roster. */
export const rosterOpenEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  start: z.string(),
  end: z.string(),
  /** Who is assigned now: the assignment endpoint replaces the list, so the screen sends it back with the newcomer. */
  assignedEmployees: z.array(z.string()),
});
export type RosterOpenEvent = z.infer<typeof rosterOpenEventSchema>;

export const rosterResponseSchema = z.object({
  companyId: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(z.string()),
  /** Today in the company's calendar (the grid highlights it). */
  today: z.string(),
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
  employees: z.array(rosterEmployeeSchema),
  openEvents: z.array(rosterOpenEventSchema),
});
export type RosterResponse = z.infer<typeof rosterResponseSchema>;

/**
 * 'Copiar semana' (decision 045): each assignment of the 7 days from `from` is repeated on the event
 * of the same name and the same local times 7 days later, if there is one; the assignment rules
 * apply to each as if made by hand.
 */
export const copyWeekRequestSchema = z.object({
  from: rosterDaySchema,
  /** Only the people of this category (the roster's filter). */
  categoryId: idSchema.optional(),
  companyId: idSchema.optional(),
});
export type CopyWeekRequest = z.infer<typeof copyWeekRequestSchema>;

export const copiedAssignmentSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  eventName: z.string(),
  /** The day of the source assignment's event, 'YYYY-MM-DD'. */
  date: z.string(),
  start: z.string(),
  end: z.string(),
  /** Why it was not copied, or what the company only warned about when it was. */
  message: z.string().nullable(),
});
export type CopiedAssignment = z.infer<typeof copiedAssignmentSchema>;

export const copyWeekResponseSchema = z.object({
  copied: z.array(copiedAssignmentSchema),
  notCopied: z.array(copiedAssignmentSchema),
  /** Assignments the next week already had. */
  alreadyAssigned: z.number().int(),
});
export type CopyWeekResponse = z.infer<typeof copyWeekResponseSchema>;

/** The printable week ('Imprimir semana'): the 7 days from `from`. */
export const rosterPdfQuerySchema = z.object({
  from: rosterDaySchema,
  categoryId: idSchema.optional(),
  companyId: idSchema.optional(),
});
export type RosterPdfQuery = z.infer<typeof rosterPdfQuerySchema>;
