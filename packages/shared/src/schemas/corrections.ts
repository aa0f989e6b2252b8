import { z } from 'zod';
import { idSchema, cursorSchema } from './common';
import { signatureDataUrlSchema } from './signatures';
import { timeLogEntrySchema, timeRecordFlagSchema, timeRecordSchema } from './time-records';

/**
 * Corrections of the registro de jornada (issue 11, part 1): a record is never edited; an amendment
 * is proposed by one side (the worker, or the company) and applied only when the other approves.
 */

export const CORRECTION_REASON_MIN = 3;
export const CORRECTION_REASON_MAX = 500;
/** No corrected record may last longer than this. */
export const MAX_CORRECTED_DURATION_MINUTES = 24 * 60;

export const correctionStatuses = ['pendiente', 'aprobada', 'rechazada', 'retirada'] as const;
export type CorrectionStatus = (typeof correctionStatuses)[number];
export const correctionStatusLabels: Record<CorrectionStatus, string> = {
  pendiente: 'Pendiente',
  aprobada: 'Aprobada',
  rechazada: 'Rechazada',
  retirada: 'Retirada',
};

export const proposerSides = ['empleado', 'empresa'] as const;
export type ProposerSide = (typeof proposerSides)[number];

const INVALID_INSTANT_MESSAGE = 'La fecha y hora no son válidas.';
const instantSchema = z.iso.datetime({ offset: true, error: INVALID_INSTANT_MESSAGE });

export const proposeCorrectionRequestSchema = z
  .object({
    /** The corrected start; omitted keeps the record's. */
    startTime: instantSchema.optional(),
    /** The corrected end; required to close a record 'Sin cierre'. */
    endTime: instantSchema.optional(),
    reason: z
      .string({ error: 'Indica el motivo de la corrección.' })
      .trim()
      .min(CORRECTION_REASON_MIN, { error: 'Indica el motivo de la corrección.' })
      .max(CORRECTION_REASON_MAX, { error: `El motivo no puede superar los ${CORRECTION_REASON_MAX} caracteres.` }),
  })
  .refine((value) => value.startTime !== undefined || value.endTime !== undefined, {
    error: 'Indica la nueva hora de entrada o de salida.',
    path: ['endTime'],
  });
export type ProposeCorrectionRequest = z.infer<typeof proposeCorrectionRequestSchema>;

/** How far back a missing record may be proposed: a rolling 31 days (see decision 017, addendum). */
export const MISSING_RECORD_WINDOW_DAYS = 31;

/**
 * 'Alta de fichaje': a record the worker forgot to make at all. The worker proposes it for
 * themselves (no `userId`); a supervisor proposes it for a worker of the company (`userId`).
 */
export const proposeMissingRecordRequestSchema = z.object({
  userId: idSchema.optional(),
  eventId: idSchema,
  startTime: instantSchema,
  endTime: instantSchema,
  reason: z
    .string({ error: 'Indica el motivo del alta.' })
    .trim()
    .min(CORRECTION_REASON_MIN, { error: 'Indica el motivo del alta.' })
    .max(CORRECTION_REASON_MAX, { error: `El motivo no puede superar los ${CORRECTION_REASON_MAX} caracteres.` }),
});
export type ProposeMissingRecordRequest = z.infer<typeof proposeMissingRecordRequestSchema>;

/** The events a missing record may name: the worker's (or, for a supervisor, `userId`'s) assigned, already started ones. */
export const missingRecordEventsQuerySchema = z.object({ userId: idSchema.optional() });
export const missingRecordEventsResponseSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string(), startTime: z.string(), endTime: z.string() })),
});
export type MissingRecordEventsResponse = z.infer<typeof missingRecordEventsResponseSchema>;

const noteSchema = z.string().trim().max(CORRECTION_REASON_MAX, { error: `La nota no puede superar los ${CORRECTION_REASON_MAX} caracteres.` }).optional();

/** The worker approves with their signature; a supervisor without one. */
export const approveCorrectionRequestSchema = z.object({ signature: signatureDataUrlSchema.optional(), note: noteSchema });
export type ApproveCorrectionRequest = z.infer<typeof approveCorrectionRequestSchema>;

export const rejectCorrectionRequestSchema = z.object({ note: noteSchema });
export type RejectCorrectionRequest = z.infer<typeof rejectCorrectionRequestSchema>;

export const correctionSchema = z.object({
  id: z.string(),
  recordId: z.string().nullable(),
  companyId: z.string(),
  companyName: z.string().nullable(),
  userId: z.string(),
  /** Null when the user was deleted. */
  userName: z.string().nullable(),
  eventId: z.string(),
  eventName: z.string().nullable(),
  proposedBy: z.string(),
  proposerName: z.string().nullable(),
  proposerSide: z.enum(proposerSides),
  status: z.enum(correctionStatuses),
  reason: z.string(),
  beforeStart: z.string().nullable(),
  beforeEnd: z.string().nullable(),
  afterStart: z.string(),
  afterEnd: z.string(),
  decidedBy: z.string().nullable(),
  deciderName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** The worker signed the approval. */
  signed: z.boolean(),
  /** 'Alta de fichaje': it proposes a record that did not exist (no record, no before values). */
  missingRecord: z.boolean(),
  /** How the corrected record was made ('Cierre automático', 'Fuera de zona'…): why it may need correcting. */
  recordFlags: z.array(timeRecordFlagSchema),
  createdAt: z.string(),
  /** The caller is the other side and may approve or reject it now. */
  canDecide: z.boolean(),
  /** The caller proposed it and it is still pending. */
  canWithdraw: z.boolean(),
});
export type Correction = z.infer<typeof correctionSchema>;

export const correctionListQuerySchema = z.object({
  status: z.enum(['pendiente', 'decididas'], { error: 'El filtro de estado no es válido.' }).default('pendiente'),
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  companyId: idSchema.optional(),
});

export const correctionListResponseSchema = z.object({ items: z.array(correctionSchema), nextCursor: z.string().nullable() });
export type CorrectionListResponse = z.infer<typeof correctionListResponseSchema>;

/** 'Historial de cambios' of one record, oldest first. */
export const recordHistoryResponseSchema = z.object({ record: timeRecordSchema, items: z.array(correctionSchema) });
export type RecordHistoryResponse = z.infer<typeof recordHistoryResponseSchema>;

/** The overview's pending actions: corrections waiting for the caller, and records 'Sin cierre' in scope. */
export const correctionSummarySchema = z.object({ awaitingMe: z.number().int(), sinCierre: z.number().int() });
export type CorrectionSummary = z.infer<typeof correctionSummarySchema>;

export const sinCierreResponseSchema = z.object({ records: z.array(timeLogEntrySchema) });
export type SinCierreResponse = z.infer<typeof sinCierreResponseSchema>;

export const correctionIdParamsSchema = z.object({ id: idSchema });
