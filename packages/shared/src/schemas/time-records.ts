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

/** The client sends only the event and where it is: the server's clock sets every time (decision 2). */
export const startTimerRequestSchema = z.object({
  eventId: idSchema,
  location: geoLocationSchema,
});
export type StartTimerRequest = z.infer<typeof startTimerRequestSchema>;

export const stopTimerRequestSchema = z.object({
  location: geoLocationSchema,
});
export type StopTimerRequest = z.infer<typeof stopTimerRequestSchema>;

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
});
export type ClockableEvent = z.infer<typeof clockableEventSchema>;

export const clockableEventsResponseSchema = z.object({ items: z.array(clockableEventSchema) });
