import { z } from 'zod';
import { idSchema } from './common';

/**
 * 'Ahora', the supervisor's live view (decision 030): the shifts under way and those starting
 * within the next hours, with each assigned person's state at the server's now.
 */

/** Minutes after an event's start during which a person without a clock-in is only late. */
export const LIVE_GRACE_MINUTES = 15;
export const LIVE_DEFAULT_HOURS = 3;
export const LIVE_MAX_HOURS = 12;
/** More events than this in the window answer the first ones and say the list was cut. */
export const LIVE_MAX_EVENTS = 200;

export const liveQuerySchema = z.object({
  /** How far ahead, in hours, upcoming shifts are shown. */
  hours: z.coerce
    .number({ error: 'Las horas deben ser un número entero.' })
    .int({ error: 'Las horas deben ser un número entero.' })
    .min(1, { error: `Las horas deben estar entre 1 y ${LIVE_MAX_HOURS}.` })
    .max(LIVE_MAX_HOURS, { error: `Las horas deben estar entre 1 y ${LIVE_MAX_HOURS}.` })
    .default(LIVE_DEFAULT_HOURS),
  /** Administrators may narrow the view to one company; others always see their own. */
  companyId: idSchema.optional(),
});
export type LiveQuery = z.input<typeof liveQuerySchema>;
export type LiveQueryParams = z.output<typeof liveQuerySchema>;

/**
 * Fichado: clocked in and not out. Pendiente: the shift has not started. Retrasado: started, no
 * clock-in, within the grace period. No presentado: the grace period is over and no clock-in.
 * Finalizado: clocked in and out.
 */
export const livePersonStates = ['Fichado', 'Pendiente', 'Retrasado', 'No presentado', 'Finalizado'] as const;
export const livePersonStateSchema = z.enum(livePersonStates);
export type LivePersonState = z.infer<typeof livePersonStateSchema>;

export const livePersonSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** Normalized digits (see phone.ts), null when the profile has none. */
  phone: z.string().nullable(),
  state: livePersonStateSchema,
  /** The open clock-in (Fichado) or the last one (Finalizado); null otherwise. */
  clockInTime: z.string().nullable(),
  /** The last clock-out (Finalizado); null otherwise. */
  clockOutTime: z.string().nullable(),
  // Offline and out-of-zone clock-ins (ARCHITECTURE §8) are not recorded yet: when time records
  // carry those flags, they join here as a list of the open record's flags. Nothing stands in for them.
});
export type LivePerson = z.infer<typeof livePersonSchema>;

export const liveEventSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  name: z.string(),
  location: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** 'Activo' when under way at `now`, 'Programado' when it starts within the window. */
  status: z.enum(['Activo', 'Programado']),
  /** Problems first (No presentado, Retrasado), then Pendiente, Fichado, Finalizado; by name within each. */
  people: z.array(livePersonSchema),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

export const liveResponseSchema = z.object({
  /** The server's clock when the answer was computed: the states are true at this instant. */
  now: z.string(),
  graceMinutes: z.number().int(),
  hours: z.number().int(),
  /** Under way first, then by start. */
  events: z.array(liveEventSchema),
  truncated: z.boolean(),
});
export type LiveResponse = z.infer<typeof liveResponseSchema>;
