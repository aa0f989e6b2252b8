import { z } from 'zod';
import { isCalendarDate } from './list-filters';

/**
 * Issue 27 item 5, 'Mi Disponibilidad' (decision 044): when a person cannot work. Either a range of
 * dates (all day, or the same hours each day) or a weekday every week (all day, or some hours), with
 * an optional note. Wall-clock times in the company time zone.
 */

export const unavailabilityKinds = ['dates', 'weekly'] as const;
export type UnavailabilityKind = (typeof unavailabilityKinds)[number];

/** A range of dates spans at most this many days (a year and a day, like a constant event). */
export const MAX_UNAVAILABILITY_DAYS = 366;
export const MAX_UNAVAILABILITY_NOTE = 200;
/** A person keeps at most this many entries. */
export const MAX_UNAVAILABILITY_ENTRIES = 100;

export const UNAVAILABILITY_DATE_MESSAGE = 'La fecha debe tener el formato AAAA-MM-DD.';
export const UNAVAILABILITY_TIME_MESSAGE = 'La hora debe tener el formato HH:MM.';
export const UNAVAILABILITY_RANGE_MESSAGE = 'La fecha de fin no puede ser anterior a la de inicio.';
export const UNAVAILABILITY_SPAN_MESSAGE = `El periodo no puede superar ${MAX_UNAVAILABILITY_DAYS} días.`;
export const UNAVAILABILITY_SAME_TIMES_MESSAGE = 'La hora de fin debe ser distinta de la de inicio.';
export const UNAVAILABILITY_LIMIT_MESSAGE = `No puedes tener más de ${MAX_UNAVAILABILITY_ENTRIES} periodos de no disponibilidad.`;

export const weekdayLabels = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'] as const;

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const dateSchema = z.string({ error: UNAVAILABILITY_DATE_MESSAGE }).refine(isCalendarDate, { error: UNAVAILABILITY_DATE_MESSAGE });
const timeSchema = z.string({ error: UNAVAILABILITY_TIME_MESSAGE }).regex(timePattern, { error: UNAVAILABILITY_TIME_MESSAGE });

/** Whole calendar days from `from` to `to` ('YYYY-MM-DD'), both included. */
export function plainDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export const createUnavailabilityRequestSchema = z
  .object({
    kind: z.enum(unavailabilityKinds, { error: 'Elige si es un periodo de fechas o un día de cada semana.' }),
    startDate: dateSchema.optional(),
    endDate: dateSchema.optional(),
    weekday: z.number({ error: 'Elige el día de la semana.' }).int({ error: 'Elige el día de la semana.' }).min(0, { error: 'Elige el día de la semana.' }).max(6, { error: 'Elige el día de la semana.' }).optional(),
    allDay: z.boolean({ error: 'Indica si es todo el día.' }),
    startTime: timeSchema.optional(),
    endTime: timeSchema.optional(),
    note: z.string({ error: 'La nota debe ser texto.' }).trim().max(MAX_UNAVAILABILITY_NOTE, { error: `La nota no puede superar ${MAX_UNAVAILABILITY_NOTE} caracteres.` }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'dates') {
      if (value.startDate === undefined) ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'Indica la fecha de inicio.' });
      if (value.endDate === undefined) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Indica la fecha de fin.' });
      if (value.startDate !== undefined && value.endDate !== undefined) {
        if (value.endDate < value.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: UNAVAILABILITY_RANGE_MESSAGE });
        else if (plainDaysBetween(value.startDate, value.endDate) > MAX_UNAVAILABILITY_DAYS) ctx.addIssue({ code: 'custom', path: ['endDate'], message: UNAVAILABILITY_SPAN_MESSAGE });
      }
    } else if (value.weekday === undefined) {
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'Elige el día de la semana.' });
    }
    if (!value.allDay) {
      if (value.startTime === undefined) ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'Indica la hora de inicio.' });
      if (value.endTime === undefined) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'Indica la hora de fin.' });
      if (value.startTime !== undefined && value.startTime === value.endTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: UNAVAILABILITY_SAME_TIMES_MESSAGE });
    }
  });
export type CreateUnavailabilityRequest = z.infer<typeof createUnavailabilityRequestSchema>;

export const unavailabilitySchema = z.object({
  id: z.string(),
  userId: z.string(),
  kind: z.enum(unavailabilityKinds),
  /** 'dates': both included. */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** 'weekly': Monday=0 … Sunday=6. */
  weekday: z.number().int().nullable(),
  /** 'HH:MM'; both null = all day. An end not after the start ends the next day. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
});
export type Unavailability = z.infer<typeof unavailabilitySchema>;

export const unavailabilityListSchema = z.object({ items: z.array(unavailabilitySchema) });
export type UnavailabilityList = z.infer<typeof unavailabilityListSchema>;

const dayLabel = (day: string) => day.split('-').reverse().join('/');

/** How an entry reads: '10/03/2027 – 12/03/2027, todo el día', 'Cada martes, 18:00–23:00'. */
export function describeUnavailability(item: Pick<Unavailability, 'kind' | 'startDate' | 'endDate' | 'weekday' | 'startTime' | 'endTime'>): string {
  const hours = item.startTime === null || item.endTime === null ? 'todo el día' : `${item.startTime}–${item.endTime}${item.endTime <= item.startTime ? ' (del día siguiente)' : ''}`;
  if (item.kind === 'weekly') return `Cada ${(weekdayLabels[item.weekday ?? 0] ?? '').toLowerCase()}, ${hours}`;
  const days = item.startDate === item.endDate ? dayLabel(item.startDate ?? '') : `${dayLabel(item.startDate ?? '')} – ${dayLabel(item.endDate ?? '')}`;
  return `${days}, ${hours}`;
}
