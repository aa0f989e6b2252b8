import { z } from 'zod';
import { END_BEFORE_START_MESSAGE, eventTypeSchema, instantSchema, repeatDaySchema } from './events';
import { idSchema } from './common';

/** At most this many busy slots, and rule warnings, travel per person (the picker shows the first). */
export const MAX_LISTED_AVAILABILITY_ITEMS = 5;

/**
 * Issue 21 item 9: the assign-employees picker asks, for the event's start and end as typed (and
 * for a constant event its repeat days), who is on vacation, who is already booked and whose
 * working-time rules the assignment would break. `eventId` when editing: the event never
 * conflicts with itself.
 */
export const assigneeAvailabilityQuerySchema = z
  .object({
    date: instantSchema,
    endDate: instantSchema,
    /** Administrador: the event's company. Others: omitted (their own company). */
    companyId: idSchema.optional(),
    eventId: idSchema.optional(),
    type: eventTypeSchema.default('momentary'),
    /** Monday=0 … Sunday=6, comma separated ('0,2,4'), for a constant event. */
    repeatDays: z
      .string()
      .max(20)
      .default('')
      .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean).map(Number))
      .pipe(z.array(repeatDaySchema).max(7)),
  })
  .refine((value) => Date.parse(value.endDate) > Date.parse(value.date), { error: END_BEFORE_START_MESSAGE, path: ['endDate'] });
export type AssigneeAvailabilityQuery = z.input<typeof assigneeAvailabilityQuerySchema>;
export type AssigneeAvailabilityInput = z.output<typeof assigneeAvailabilityQuerySchema>;

/** Another event of the person that overlaps the planned times. */
export const busySlotSchema = z.object({
  eventId: z.string(),
  eventName: z.string(),
  /** ISO UTC. */
  date: z.string(),
  endDate: z.string(),
});
export type BusySlot = z.infer<typeof busySlotSchema>;

export const assigneeAvailabilitySchema = z.object({
  userId: z.string(),
  /** A confirmed vacation on a planned start day ('yyyy-MM-dd', company time zone). */
  vacationDays: z.array(z.string()),
  /** The first overlapping events, by start; `busyCount` counts them all. */
  busy: z.array(busySlotSchema),
  busyCount: z.number().int(),
  /** Working-time rule breaks the assignment would cause ('Jornada diaria: 10 h, máximo 9 h (exceso 1 h)'). */
  warnings: z.array(z.string()),
  warningCount: z.number().int(),
});
export type AssigneeAvailability = z.infer<typeof assigneeAvailabilitySchema>;

export const assigneeAvailabilityResponseSchema = z.object({
  /** One entry per assignable person of the company (active Empleado and Supervisor users), by name. */
  employees: z.array(assigneeAvailabilitySchema),
});
export type AssigneeAvailabilityResponse = z.infer<typeof assigneeAvailabilityResponseSchema>;
