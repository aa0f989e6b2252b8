import { z } from 'zod';
import { DATE_RANGE_MESSAGE, dateRangeFilterShape, dateRangeIsOrdered, filterIdSchema, searchTextSchema } from './list-filters';
import { monthKeyPattern } from '../format';
import { idSchema, cursorSchema } from './common';

export const LOCATION_REQUIRED_MESSAGE = 'Debes permitir el acceso a la ubicación para fichar.';

/** A browser geolocation fix; the accuracy (metres) lets a supervisor judge how far to trust it. */
export const geoLocationSchema = z.object(
  {
    lat: z.number({ error: LOCATION_REQUIRED_MESSAGE }).min(-90).max(90),
    lng: z.number({ error: LOCATION_REQUIRED_MESSAGE }).min(-180).max(180),
    accuracy: z.number().min(0).max(1_000_000).nullish(),
  },
  { error: LOCATION_REQUIRED_MESSAGE },
);
export type GeoLocation = z.infer<typeof geoLocationSchema>;

export const VENUE_CODE_FORMAT_MESSAGE = 'El código del lugar son 6 cifras.';
/** The 6 digits of an event's rotating venue code (decision 040), typed or read from its QR. */
export const venueCodeSchema = z.string({ error: VENUE_CODE_FORMAT_MESSAGE }).trim().regex(/^\d{6}$/, { error: VENUE_CODE_FORMAT_MESSAGE });

/** The client sends only the event and where it is: the server's clock sets every time (decision 2). */
export const startTimerRequestSchema = z.object({
  eventId: idSchema,
  location: geoLocationSchema,
  /** Required when the event asks for the venue code. */
  venueCode: venueCodeSchema.optional(),
});
export type StartTimerRequest = z.infer<typeof startTimerRequestSchema>;

export const stopTimerRequestSchema = z.object({
  location: geoLocationSchema,
});
export type StopTimerRequest = z.infer<typeof stopTimerRequestSchema>;

/**
 * How a record was not made the ordinary way (decision 040, ARCHITECTURE §8 'Time and trust'):
 * shown wherever records are, sealed with the record in the registro chain.
 */
export const timeRecordFlagSchema = z.enum(['sin-conexion', 'fuera-de-zona', 'cierre-automatico']);
export type TimeRecordFlag = z.infer<typeof timeRecordFlagSchema>;
export const TIME_RECORD_FLAG_LABELS: Record<TimeRecordFlag, string> = {
  'sin-conexion': 'Fichado sin conexión',
  'fuera-de-zona': 'Fuera de zona',
  'cierre-automatico': 'Cierre automático',
};

/** Flags as stored (comma-separated codes); an unknown code, e.g. from a newer server, is dropped. */
export function parseTimeRecordFlags(text: string | null | undefined): TimeRecordFlag[] {
  if (!text) return [];
  return text.split(',').filter((flag): flag is TimeRecordFlag => timeRecordFlagSchema.safeParse(flag).success);
}

/** What backs one punch (clock-in or clock-out) beyond the server's clock. */
export const punchEvidenceSchema = z.object({
  /** Queued on the phone without connection and sent later. */
  offline: z
    .object({
      clientId: z.string(),
      /** The phone's own clock when the punch was made. */
      phoneTime: z.string(),
      /** The server's clock last seen by the phone plus the monotonic time elapsed since; null without one. */
      estimatedTime: z.string().nullable(),
      /** When the server received it. */
      receivedAt: z.string(),
    })
    .optional(),
  /** Metres from the event's point, and the radius it was held against. */
  distanceM: z.number().int().optional(),
  radiusM: z.number().int().optional(),
  /** The reported accuracy of the location, in metres. */
  accuracyM: z.number().optional(),
  /** The rotating venue code was given and valid. */
  venueCode: z.boolean().optional(),
});
export type PunchEvidence = z.infer<typeof punchEvidenceSchema>;
export const recordPresenceSchema = z.object({ start: punchEvidenceSchema.optional(), end: punchEvidenceSchema.optional() });
export type RecordPresence = z.infer<typeof recordPresenceSchema>;

export const timeRecordStatusSchema = z.enum(['activo', 'completado']);

/**
 * `time_records.corrected` of a record that did not exist and was added by an approved correction
 * (0: as clocked; 1: corrected). One column, so the registro chain seals the mark with the record.
 */
export const CORRECTED_ADDED = 2;

export const timeRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  eventId: z.string(),
  companyId: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  /** Whole minutes; null while active. */
  duration: z.number().int().nullable(),
  status: timeRecordStatusSchema,
  startLocation: geoLocationSchema.nullable(),
  endLocation: geoLocationSchema.nullable(),
  /** Null when the event no longer exists ('Evento Desconocido'). */
  eventName: z.string().nullable(),
  /** An approved correction changed it, or created it (registro de jornada). */
  corrected: z.boolean(),
  /** 'Alta por corrección': the worker forgot to clock in and both sides approved the missing record. */
  addedByCorrection: z.boolean(),
  /** Still active 2 hours after its event ended: 'Sin cierre', closed only through a correction. */
  sinCierre: z.boolean(),
  /** A correction of it waits for a decision (only one at a time). */
  pendingCorrection: z.boolean(),
  /** 'Fichado sin conexión', 'Fuera de zona', 'Cierre automático' (decision 040). */
  flags: z.array(timeRecordFlagSchema),
  /** The evidence behind each punch; null for an ordinary record. */
  presence: recordPresenceSchema.nullable(),
});
export type TimeRecord = z.infer<typeof timeRecordSchema>;

export const activeTimerResponseSchema = z.object({ record: timeRecordSchema.nullable() });
export type ActiveTimerResponse = z.infer<typeof activeTimerResponseSchema>;

export const myRecordsQuerySchema = z.object({
  month: z.string().regex(monthKeyPattern, { error: 'El mes debe tener el formato aaaa-MM.' }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const myRecordsResponseSchema = z.object({
  records: z.array(timeRecordSchema),
  /** Minutes of the completed records listed. */
  totalMinutes: z.number().int(),
});
export type MyRecordsResponse = z.infer<typeof myRecordsResponseSchema>;

/** The time log's page, and its filters (a worker, an event, days in the company time zone, a name). */
export const timeLogQuerySchema = z
  .object({
    cursor: cursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    companyId: idSchema.optional(),
    userId: filterIdSchema,
    eventId: filterIdSchema,
    ...dateRangeFilterShape,
    q: searchTextSchema,
  })
  .refine(dateRangeIsOrdered, { error: DATE_RANGE_MESSAGE, path: ['from'] });
export type TimeLogQuery = z.infer<typeof timeLogQuerySchema>;
export type TimeLogFilters = Pick<TimeLogQuery, 'userId' | 'eventId' | 'from' | 'to' | 'q'>;

/** The choices of the time log's worker and event filters: one company's people and events. */
export const timeLogFilterOptionsQuerySchema = z.object({ companyId: idSchema.optional() });
export const timeLogFilterOptionsSchema = z.object({
  workers: z.array(z.object({ id: z.string(), name: z.string() })),
  events: z.array(z.object({ id: z.string(), name: z.string(), startTime: z.string() })),
});
export type TimeLogFilterOptions = z.infer<typeof timeLogFilterOptionsSchema>;

export const timeLogEntrySchema = timeRecordSchema.extend({
  userName: z.string().nullable(),
  companyName: z.string().nullable(),
});
export type TimeLogEntry = z.infer<typeof timeLogEntrySchema>;

export const timeLogResponseSchema = z.object({
  records: z.array(timeLogEntrySchema),
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TimeLogResponse = z.infer<typeof timeLogResponseSchema>;

export const recordIdParamsSchema = z.object({ id: idSchema });

/** An event the caller can clock in to right now (started, not ended, assigned to them). */
export const clockableEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  date: z.string(),
  endDate: z.string(),
  /** 'Iniciar Turno' first asks for the venue code (decision 040). */
  requiresVenueCode: z.boolean(),
});
export type ClockableEvent = z.infer<typeof clockableEventSchema>;

export const clockableEventsResponseSchema = z.object({ items: z.array(clockableEventSchema) });

/** How long a punch made without connection may wait on the phone before the server refuses it. */
export const OFFLINE_PUNCH_MAX_DELAY_HOURS = 72;

/**
 * A punch queued on the phone without connection and sent later (decision 040). The server takes
 * its time from `serverAnchor` when there is one (the server's clock as last seen, plus the time
 * elapsed since on a monotonic clock), else from the phone's clock, and flags it 'Fichado sin conexión'.
 */
export const offlinePunchRequestSchema = z.object({
  /** Made on the phone (a UUID): sending the same punch again answers the same record. */
  clientId: z.uuid({ error: 'El identificador del fichaje no es válido.' }),
  kind: z.enum(['entrada', 'salida']),
  /** The event of a clock-in. */
  eventId: idSchema.optional(),
  /** The record a clock-out closes, when the phone knew it (else: the caller's running record). */
  recordId: idSchema.optional(),
  /** A clock-out whose clock-in was also queued: the clock-in's clientId. */
  startClientId: z.uuid().optional(),
  /** The phone's own clock at the punch (ISO 8601). */
  phoneTime: z.iso.datetime({ offset: true, error: 'La hora del fichaje no es válida.' }),
  serverAnchor: z
    .object({
      /** The `Date` of the last server answer the phone saw (ISO 8601). */
      serverTime: z.iso.datetime({ offset: true }),
      /** Milliseconds elapsed on a monotonic clock between that answer and the punch. */
      elapsedMs: z.number().int().min(0).max(30 * 24 * 3_600_000),
    })
    .nullish(),
  location: geoLocationSchema,
  venueCode: venueCodeSchema.optional(),
});
export type OfflinePunchRequest = z.infer<typeof offlinePunchRequestSchema>;

export const offlinePunchResponseSchema = z.object({
  record: timeRecordSchema,
  /** True when this clientId had already been accepted: nothing new was written. */
  duplicate: z.boolean(),
});
export type OfflinePunchResponse = z.infer<typeof offlinePunchResponseSchema>;
