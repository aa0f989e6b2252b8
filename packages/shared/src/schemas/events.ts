import { z } from 'zod';
import { qualificationWarningSchema, requiredQualificationsSchema } from './qualifications';
import { DATE_RANGE_MESSAGE, dateRangeFilterShape, dateRangeIsOrdered, filterIdSchema, searchTextSchema } from './list-filters';
import { eventStatuses, eventTypes, MAX_CONSTANT_EVENT_DAYS } from '../events';
import { monthKeyPattern } from '../format';
import { MAX_GEOFENCE_RADIUS_M, MIN_GEOFENCE_RADIUS_M } from '../geo';
import { idSchema, pageQuerySchema } from './common';
import { roleNameSchema } from './auth';

export const EVENT_FIELDS_REQUIRED_MESSAGE = 'Por favor, completa todos los campos del evento.';
export const REPEAT_DAYS_REQUIRED_MESSAGE = 'Para un evento constante, selecciona al menos un día de repetición.';
export const END_BEFORE_START_MESSAGE = 'La fecha de fin debe ser posterior a la de inicio.';
export const INVALID_DATE_MESSAGE = 'La fecha no es válida.';
export const NO_MATCHING_DAY_MESSAGE = 'Ninguna fecha entre el inicio y el fin coincide con los días de repetición seleccionados.';
export const CONSTANT_SPAN_MESSAGE = `Un evento constante no puede abarcar más de ${MAX_CONSTANT_EVENT_DAYS} días.`;

export const eventStatusSchema = z.enum(eventStatuses);
export const eventTypeSchema = z.enum(eventTypes);
/** Monday=0 … Sunday=6 (spec section 9). */
export const repeatDaySchema = z.number().int().min(0).max(6);

const requiredText = (max: number) =>
  z.string({ error: EVENT_FIELDS_REQUIRED_MESSAGE }).trim().min(1, { error: EVENT_FIELDS_REQUIRED_MESSAGE }).max(max);

/** An instant with its offset ('2026-11-21T09:00:00Z' or '…+01:00'); the server stores it in UTC. */
export const instantSchema = z
  .string({ error: EVENT_FIELDS_REQUIRED_MESSAGE })
  .min(1, { error: EVENT_FIELDS_REQUIRED_MESSAGE })
  .pipe(z.iso.datetime({ offset: true, error: INVALID_DATE_MESSAGE }));

const assignedEmployeesSchema = z.array(idSchema).max(500);

function endAfterStart(value: { date: string; endDate: string }) {
  return new Date(value.endDate).getTime() > new Date(value.date).getTime();
}

export const GEO_LAT_MESSAGE = 'La latitud debe ser un número entre -90 y 90.';
export const GEO_LNG_MESSAGE = 'La longitud debe ser un número entre -180 y 180.';
export const GEO_PAIR_MESSAGE = 'Indica la latitud y la longitud del punto del evento, o ninguna de las dos.';
export const GEO_RADIUS_MESSAGE = `El radio debe ser un número entero de metros entre ${MIN_GEOFENCE_RADIUS_M} y ${MAX_GEOFENCE_RADIUS_M}.`;

/**
 * Where the event is, for the clock-in's geofence (issue 24, decision 040): a point and a radius
 * (default 200 m). On create, no point means none; on update, omitted means unchanged and null
 * removes it ('Quitar ubicación').
 */
const eventPlaceShape = {
  geoLat: z.number({ error: GEO_LAT_MESSAGE }).min(-90, { error: GEO_LAT_MESSAGE }).max(90, { error: GEO_LAT_MESSAGE }).nullish(),
  geoLng: z.number({ error: GEO_LNG_MESSAGE }).min(-180, { error: GEO_LNG_MESSAGE }).max(180, { error: GEO_LNG_MESSAGE }).nullish(),
  /** Metres; DEFAULT_GEOFENCE_RADIUS_M when a point comes without one. */
  geoRadiusM: z
    .number({ error: GEO_RADIUS_MESSAGE })
    .int({ error: GEO_RADIUS_MESSAGE })
    .min(MIN_GEOFENCE_RADIUS_M, { error: GEO_RADIUS_MESSAGE })
    .max(MAX_GEOFENCE_RADIUS_M, { error: GEO_RADIUS_MESSAGE })
    .optional(),
};

/** Both coordinates or neither: half a point is no place. */
function pointIsWhole(value: { geoLat?: number | null; geoLng?: number | null }) {
  return (value.geoLat === undefined) === (value.geoLng === undefined) && (value.geoLat === null) === (value.geoLng === null);
}

/** Create: a momentary event, or a constant one expanded into one event per matching day. */
export const createEventRequestSchema = z
  .object({
    name: requiredText(200),
    location: requiredText(300),
    date: instantSchema,
    endDate: instantSchema,
    type: eventTypeSchema.default('momentary'),
    repeatDays: z.array(repeatDaySchema).max(7).default([]),
    assignedEmployees: assignedEmployeesSchema.default([]),
    /** Administrador: the event's company. Others: omitted (their own company). */
    companyId: idSchema.nullish(),
    /** The supervisor saw the working-time warnings (409 WORKING_TIME_WARNING) and chose 'Asignar igualmente'. */
    acknowledgeWarnings: z.boolean().optional(),
    ...eventPlaceShape,
    /** 'Pedir código del lugar al fichar': a clock-in needs the rotating venue code (decision 040). */
    requiresVenueCode: z.boolean().default(false),
    /** 'Titulaciones requeridas' (decision 042): qualification type ids of the event's company. */
    requiredQualifications: requiredQualificationsSchema.optional(),
  })
  .refine(endAfterStart, { error: END_BEFORE_START_MESSAGE, path: ['endDate'] })
  .refine(pointIsWhole, { error: GEO_PAIR_MESSAGE, path: ['geoLng'] })
  .refine((value) => value.type !== 'constant' || value.repeatDays.length > 0, {
    error: REPEAT_DAYS_REQUIRED_MESSAGE,
    path: ['repeatDays'],
  });
export type CreateEventRequest = z.input<typeof createEventRequestSchema>;
export type CreateEventInput = z.output<typeof createEventRequestSchema>;

/** Edit one event: the type and the company never change; omitted assignments stay as they are. */
export const updateEventRequestSchema = z
  .object({
    name: requiredText(200),
    location: requiredText(300),
    date: instantSchema,
    endDate: instantSchema,
    /** Accepted only when equal to the stored type (the form may send it back). */
    type: eventTypeSchema.optional(),
    assignedEmployees: assignedEmployeesSchema.optional(),
    /** The supervisor saw the working-time warnings (409 WORKING_TIME_WARNING) and chose 'Asignar igualmente'. */
    acknowledgeWarnings: z.boolean().optional(),
    ...eventPlaceShape,
    /** Omitted: unchanged. */
    requiresVenueCode: z.boolean().optional(),
    /** 'Titulaciones requeridas' (decision 042). Omitted: unchanged. */
    requiredQualifications: requiredQualificationsSchema.optional(),
  })
  .refine(endAfterStart, { error: END_BEFORE_START_MESSAGE, path: ['endDate'] })
  .refine(pointIsWhole, { error: GEO_PAIR_MESSAGE, path: ['geoLng'] });
export type UpdateEventRequest = z.input<typeof updateEventRequestSchema>;
export type UpdateEventInput = z.output<typeof updateEventRequestSchema>;

export const assignEmployeesRequestSchema = z.object({
  assignedEmployees: assignedEmployeesSchema,
  acknowledgeWarnings: z.boolean().optional(),
  /** Which screen assigned, for the event's history (decision 052): the event's form unless told. */
  source: z.enum(['event-form', 'roster']).optional(),
});
export type AssignEmployeesRequest = z.infer<typeof assignEmployeesRequestSchema>;

/** Decision 046: an assignment waits for the employee's answer when the company asks for it. */
export const assignmentStateSchema = z.enum(['pending', 'accepted']);
export type AssignmentState = z.infer<typeof assignmentStateSchema>;
export const ASSIGNMENT_STATE_LABELS: Record<AssignmentState | 'declined', string> = { pending: 'Pendiente', accepted: 'Aceptado', declined: 'Rechazado' };

export const DECLINE_REASON_MAX = 500;
const DECLINE_REASON_MESSAGE = `Escribe el motivo del rechazo (como mucho ${DECLINE_REASON_MAX} caracteres).`;
export const declineAssignmentRequestSchema = z.object({
  reason: z.string({ error: DECLINE_REASON_MESSAGE }).trim().min(1, { error: DECLINE_REASON_MESSAGE }).max(DECLINE_REASON_MAX, { error: DECLINE_REASON_MESSAGE }),
});
export type DeclineAssignmentRequest = z.infer<typeof declineAssignmentRequestSchema>;

/** The answer to one's own assignment ('Aceptar' / 'Rechazar'). */
export const assignmentAnswerSchema = z.object({ eventId: z.string(), state: z.enum(['accepted', 'declined']), reason: z.string().nullable(), decidedAt: z.string() });
export type AssignmentAnswer = z.infer<typeof assignmentAnswerSchema>;

/** Someone who declined the event: no longer on its staff, kept so the supervisor sees who and why. */
export const declinedAssigneeSchema = z.object({ id: z.string(), name: z.string(), reason: z.string(), decidedAt: z.string() });
export type DeclinedAssignee = z.infer<typeof declinedAssigneeSchema>;

export const eventSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  /** Start, ISO UTC. */
  date: z.string(),
  /** End, ISO UTC. */
  endDate: z.string(),
  status: eventStatusSchema,
  type: eventTypeSchema,
  repeatDays: z.array(z.number().int()),
  companyId: z.string(),
  companyName: z.string(),
  /** User ids. An Empleado receives only their own id (spec section 6: staff is shown to admins and supervisors). */
  assignedEmployees: z.array(z.string()),
  /** Same order as assignedEmployees; 'Usuario no encontrado' for a deleted or missing user. */
  assignedEmployeeNames: z.array(z.string()),
  /** Same order as assignedEmployees: 'pending' until the employee accepts (decision 046). */
  assignedEmployeeStates: z.array(assignmentStateSchema),
  /** Those who declined, with their reason; empty for an Empleado. */
  declinedEmployees: z.array(declinedAssigneeSchema),
  /** When a supervisor ended it early ('Finalizar ahora'), else null. */
  finishedEarlyAt: z.string().nullable(),
  createdAt: z.string(),
  /** The event's point and radius in metres for the clock-in's geofence; null when it has none. */
  geoLat: z.number().nullable(),
  geoLng: z.number().nullable(),
  geoRadiusM: z.number().int().nullable(),
  /** A clock-in needs the rotating venue code (decision 040). */
  requiresVenueCode: z.boolean(),
  /** After an assignment the company only warns about (decision 042): who lacks which qualification. */
  qualificationWarnings: z.array(qualificationWarningSchema).optional(),
});
export type Event = z.infer<typeof eventSchema>;

export const eventPageSchema = z.object({
  items: z.array(eventSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type EventPage = z.infer<typeof eventPageSchema>;

export const createEventsResponseSchema = z.object({
  /** One for a momentary event, one per matching day for a constant event. */
  items: z.array(eventSchema),
  count: z.number().int(),
  /** Decision 042: the qualifications missing or expired on the event's date, when the company only warns. */
  qualificationWarnings: z.array(qualificationWarningSchema).optional(),
});
export type CreateEventsResponse = z.infer<typeof createEventsResponseSchema>;

/** 'Programado', 'Programado,Activo' or repeated `status=` parameters. */
const statusFilterSchema = z
  .union([z.string().max(100), z.array(z.string().max(20)).max(3)])
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((part) => part.trim()).filter(Boolean))
  .pipe(z.array(eventStatusSchema).min(1));

/**
 * Manage events: the status filter (default Programado), an optional start range and, for the
 * admin, a company. Sorted by start ascending; a Finalizado-only list by end, newest first.
 */
export const listEventsQuerySchema = pageQuerySchema.extend({
  status: statusFilterSchema.default(['Programado']),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  companyId: idSchema.optional(),
  /** Only events this worker is assigned to (issue 21). */
  userId: filterIdSchema,
  /** Text in the event's name or place. */
  q: searchTextSchema,
});
export type ListEventsQuery = z.input<typeof listEventsQuerySchema>;
export type ListEventsInput = z.output<typeof listEventsQuerySchema>;

/**
 * Supervise events and the event log: a page, for the admin an optional company, and the list
 * filters (issue 21): an assigned worker, the start day in the company time zone, a text.
 */
export const eventScreenQuerySchema = pageQuerySchema
  .extend({ companyId: idSchema.optional(), userId: filterIdSchema, ...dateRangeFilterShape, q: searchTextSchema })
  .refine(dateRangeIsOrdered, { error: DATE_RANGE_MESSAGE, path: ['from'] });
export type EventScreenInput = z.output<typeof eventScreenQuerySchema>;

/** Mis Turnos: 'active' (default) is Programado and Activo; any other value is Finalizado. */
export const shiftsQuerySchema = pageQuerySchema.extend({ filter: z.string().max(50).default('active') });
export type ShiftsInput = z.output<typeof shiftsQuerySchema>;

export const calendarQuerySchema = z.object({
  /** 'yyyy-MM' in the company time zone. */
  month: z.string().regex(monthKeyPattern, { error: 'El mes debe tener el formato aaaa-MM.' }),
  companyId: idSchema.optional(),
});
export type CalendarInput = z.output<typeof calendarQuerySchema>;

export const calendarResponseSchema = z.object({
  month: z.string(),
  /** Events starting in the month, by start. */
  items: z.array(eventSchema),
  /** True when the month held more events than one answer carries. */
  truncated: z.boolean(),
});
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

export const assignableEmployeesQuerySchema = z.object({ companyId: idSchema.optional() });
export type AssignableEmployeesInput = z.output<typeof assignableEmployeesQuerySchema>;

/** The assign-employees dialog: Empleado and Supervisor users of the company, filterable by category. */
export const assignableEmployeesResponseSchema = z.object({
  employees: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      role: roleNameSchema,
      categoryIds: z.array(z.string()),
    }),
  ),
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AssignableEmployees = z.infer<typeof assignableEmployeesResponseSchema>;
