import { z } from 'zod';
import { DATE_RANGE_MESSAGE, dateRangeFilterShape, dateRangeIsOrdered, filterIdSchema, searchTextSchema } from './list-filters';
import { idSchema, pageQuerySchema } from './common';
import { signatureDataUrlSchema } from './signatures';

export const SIGNATURE_REQUIRED_TITLE = 'Firma requerida';
export const SIGNATURE_REQUIRED_MESSAGE = 'Debes firmar el parte de trabajo.';
export const NO_OBSERVATIONS = 'Sin observaciones.';
export const MAX_OBSERVATIONS_LENGTH = 5000;
export const REPORT_EVENT_MESSAGE = 'Solo puedes generar partes de eventos finalizados a los que estabas asignado.';
export const REPORT_EVENT_NOT_FINISHED_MESSAGE = 'El evento aún no ha finalizado.';
export const WORK_REPORT_NOT_FOUND_MESSAGE = 'Parte de trabajo no encontrado.';

/**
 * The text fields of 'Guardar y Firmar Parte' (sent as multipart with the attachments). Without a
 * drawn `signature` the server signs with the saved one ('Firma requerida' when there is none).
 */
export const createWorkReportFieldsSchema = z.object({
  eventId: idSchema,
  observations: z
    .string()
    // A multipart form sends a textarea's line breaks as CRLF; the report keeps them as typed.
    .overwrite((value) => value.replace(/\r\n?/g, '\n'))
    .trim()
    .max(MAX_OBSERVATIONS_LENGTH, { error: `Las observaciones admiten como máximo ${MAX_OBSERVATIONS_LENGTH} caracteres.` })
    .default(''),
  signature: signatureDataUrlSchema.optional(),
});
export type CreateWorkReportFields = z.input<typeof createWorkReportFieldsSchema>;

/** A finished event of the user that has no report yet ('Generar Parte'). */
export const pendingReportEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});
export type PendingReportEvent = z.infer<typeof pendingReportEventSchema>;

export const pendingReportEventPageSchema = z.object({ items: z.array(pendingReportEventSchema), nextCursor: z.string().nullable() });
export type PendingReportEventPage = z.infer<typeof pendingReportEventPageSchema>;

export const workReportAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Bytes; shown in KB with 2 decimals. */
  size: z.number().int(),
  type: z.string(),
});
export type WorkReportAttachment = z.infer<typeof workReportAttachmentSchema>;

/** A generated report as its author lists it: every report is signed ('Firmado'). */
export const myWorkReportSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  /** Null when the event was deleted ('Evento Desconocido'). */
  eventName: z.string().nullable(),
  observations: z.string(),
  createdAt: z.string(),
  attachmentCount: z.number().int(),
  signatureUrl: z.string(),
});
export type MyWorkReport = z.infer<typeof myWorkReportSchema>;

export const myWorkReportPageSchema = z.object({ items: z.array(myWorkReportSchema), nextCursor: z.string().nullable() });
export type MyWorkReportPage = z.infer<typeof myWorkReportPageSchema>;

export const employeeReportsQuerySchema = pageQuerySchema
  .extend({
    /** Administrators may narrow the list to one company; others always see their own. */
    companyId: idSchema.optional(),
    /** Issue 21: the author, the event, the days it was sent (company time zone), a name. */
    userId: filterIdSchema,
    eventId: filterIdSchema,
    ...dateRangeFilterShape,
    q: searchTextSchema,
  })
  .refine(dateRangeIsOrdered, { error: DATE_RANGE_MESSAGE, path: ['from'] });
export type EmployeeReportsQuery = z.input<typeof employeeReportsQuerySchema>;
export type EmployeeReportsQueryParams = z.output<typeof employeeReportsQuerySchema>;

/** The choices of the Partes de Empleados worker and event filters; an administrator names a company. */
export const employeeReportFilterOptionsQuerySchema = z.object({ companyId: idSchema.optional() });
/** Only people and events that have a report in the company, so no choice leads to an empty list. */
export const employeeReportFilterOptionsSchema = z.object({
  workers: z.array(z.object({ id: z.string(), name: z.string() })),
  events: z.array(z.object({ id: z.string(), name: z.string(), startTime: z.string() })),
});
export type EmployeeReportFilterOptions = z.infer<typeof employeeReportFilterOptionsSchema>;

/** A row of the employees' reports: event, employee, sent date and attachment count. */
export const employeeReportSummarySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventName: z.string().nullable(),
  userId: z.string(),
  /** Null when the user no longer exists ('Usuario Desconocido'). */
  employeeName: z.string().nullable(),
  companyId: z.string(),
  companyName: z.string().nullable(),
  createdAt: z.string(),
  attachmentCount: z.number().int(),
});
export type EmployeeReportSummary = z.infer<typeof employeeReportSummarySchema>;

export const employeeReportPageSchema = z.object({ items: z.array(employeeReportSummarySchema), nextCursor: z.string().nullable() });
export type EmployeeReportPage = z.infer<typeof employeeReportPageSchema>;

/** The detail dialog: employee, date, observations, attachments (download) and the signature. */
export const employeeReportDetailSchema = employeeReportSummarySchema.extend({
  observations: z.string(),
  eventLocation: z.string().nullable(),
  eventStartTime: z.string().nullable(),
  eventEndTime: z.string().nullable(),
  attachments: z.array(workReportAttachmentSchema.extend({ url: z.string() })),
  signatureUrl: z.string(),
});
export type EmployeeReportDetail = z.infer<typeof employeeReportDetailSchema>;

export const workReportParamsSchema = z.object({ id: idSchema });
export const workReportAttachmentParamsSchema = z.object({ id: idSchema, fileId: idSchema });
