import { z } from 'zod';
import { idSchema, cursorSchema } from './common';

export const NO_DATES_MESSAGE = 'Fechas no seleccionadas: elige al menos un día.';
export const MISSING_DATA_MESSAGE = 'Faltan datos: elige un empleado y al menos un día.';
export const NO_SUPERVISOR_MESSAGE = 'No se ha encontrado un supervisor en tu empresa para enviar la solicitud.';
export const SIGNATURE_REQUIRED_MESSAGE = 'Debes proporcionar tu firma para confirmar las vacaciones.';
export const MAX_VACATION_DATES = 62;

export const vacationStatuses = ['pendiente', 'confirmado', 'rechazado'] as const;
export const vacationStatusSchema = z.enum(vacationStatuses);
/** Decision 6: who must answer a pending request. */
export const vacationAwaitingSchema = z.enum(['supervisor', 'employee']);

/** A calendar day in the company time zone, 'yyyy-MM-dd', that really exists. */
export const dayKeySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'La fecha no es válida.' })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= '2020-01-01' && value <= '2100-12-31';
  }, { error: 'La fecha no es válida.' });

const datesSchema = (emptyMessage: string) =>
  z
    .array(dayKeySchema, { error: emptyMessage })
    .min(1, { error: emptyMessage })
    .max(MAX_VACATION_DATES, { error: `Como máximo ${MAX_VACATION_DATES} días por solicitud.` })
    .transform((dates) => [...new Set(dates)].sort());

/** An employee asks for days; a supervisor of the company answers. */
export const ownVacationRequestSchema = z.object({ dates: datesSchema(NO_DATES_MESSAGE) });
export type OwnVacationRequest = z.input<typeof ownVacationRequestSchema>;

/** A supervisor proposes days for an employee, who confirms with a signature or rejects. */
export const supervisorVacationRequestSchema = z.object({
  employeeId: z.string({ error: MISSING_DATA_MESSAGE }).min(1, { error: MISSING_DATA_MESSAGE }).max(100),
  dates: datesSchema(MISSING_DATA_MESSAGE),
});
export type SupervisorVacationRequest = z.input<typeof supervisorVacationRequestSchema>;

/** A drawn signature as a PNG data URL (the signature pad's trimmed export). */
export const signatureDataUrlSchema = z
  .string({ error: SIGNATURE_REQUIRED_MESSAGE })
  .min(1, { error: SIGNATURE_REQUIRED_MESSAGE })
  .max(400_000, { error: 'La firma es demasiado grande.' })
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, { error: 'La firma no es una imagen PNG válida.' });

export const confirmVacationRequestSchema = z.object({ signature: signatureDataUrlSchema });

export const vacationSchema = z.object({
  id: z.string(),
  employeeId: z.string(),
  employeeName: z.string().nullable(),
  supervisorId: z.string().nullable(),
  supervisorName: z.string().nullable(),
  companyId: z.string(),
  dates: z.array(z.string()),
  createdAt: z.string(),
  status: vacationStatusSchema,
  awaiting: vacationAwaitingSchema.nullable(),
  /** The employee's confirmation signature, when given. */
  signature: z.string().nullable(),
  processedAt: z.string().nullable(),
});
export type Vacation = z.infer<typeof vacationSchema>;

export const vacationListQuerySchema = z.object({
  state: z.enum(['pending', 'processed']).default('pending'),
  companyId: idSchema.optional(),
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const vacationPageSchema = z.object({ items: z.array(vacationSchema), nextCursor: z.string().nullable() });
export type VacationPage = z.infer<typeof vacationPageSchema>;

export const myVacationsResponseSchema = z.object({
  requests: z.array(vacationSchema),
  /** Confirmed days ('yyyy-MM-dd'): green in the request calendar, red and inert on the overview. */
  confirmedDates: z.array(z.string()),
});
export type MyVacations = z.infer<typeof myVacationsResponseSchema>;

export const vacationEmployeesResponseSchema = z.array(z.object({ id: z.string(), name: z.string() }));
