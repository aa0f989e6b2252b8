import { z } from 'zod';

/**
 * Issue 27 item 4 (decision 052): an employee offers a shift to eligible colleagues or proposes a
 * swap with one; a colleague takes it; a supervisor approves (the places change hands) or rejects.
 * Every assignment change leaves a row in the event's 'Historial de asignaciones'.
 */

export const assignmentSources = ['event-form', 'roster', 'answer', 'swap', 'offer', 'open-shift', 'import'] as const;
export type AssignmentSource = (typeof assignmentSources)[number];
export const ASSIGNMENT_SOURCE_LABELS: Record<AssignmentSource, string> = {
  'event-form': 'Formulario del evento',
  roster: 'Cuadrante',
  answer: 'Respuesta del empleado',
  swap: 'Cambio de turno',
  offer: 'Turno ofrecido',
  'open-shift': 'Turno abierto',
  import: 'Importación',
};

export const assignmentHistoryItemSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  change: z.enum(['assigned', 'removed']),
  source: z.enum(assignmentSources),
  actorName: z.string(),
  at: z.string(),
});
export type AssignmentHistoryItem = z.infer<typeof assignmentHistoryItemSchema>;
export const assignmentHistorySchema = z.object({ items: z.array(assignmentHistoryItemSchema) });
export type AssignmentHistory = z.infer<typeof assignmentHistorySchema>;

export const shiftSwapKinds = ['offer', 'swap'] as const;
export const shiftSwapStates = ['open', 'taken', 'approved', 'rejected', 'cancelled'] as const;
export type ShiftSwapState = (typeof shiftSwapStates)[number];
export const SHIFT_SWAP_STATE_LABELS: Record<ShiftSwapState, string> = {
  open: 'Abierto',
  taken: 'Pendiente de aprobación',
  approved: 'Aprobado',
  rejected: 'Rechazado',
  cancelled: 'Cancelado',
};

const shiftSchema = z.object({ eventId: z.string(), name: z.string(), location: z.string(), startTime: z.string(), endTime: z.string() });
export type SwapShift = z.infer<typeof shiftSchema>;

export const shiftSwapSchema = z.object({
  id: z.string(),
  kind: z.enum(shiftSwapKinds),
  state: z.enum(shiftSwapStates),
  fromUserId: z.string(),
  fromUserName: z.string(),
  fromShift: shiftSchema,
  /** Whoever took the offer, or the colleague a swap was proposed to. */
  toUserId: z.string().nullable(),
  toUserName: z.string().nullable(),
  /** A swap's other shift: the colleague's, which the proposer takes. */
  toShift: shiftSchema.nullable(),
  createdAt: z.string(),
  takenAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
});
export type ShiftSwap = z.infer<typeof shiftSwapSchema>;
export const shiftSwapListSchema = z.object({ items: z.array(shiftSwapSchema) });
export type ShiftSwapList = z.infer<typeof shiftSwapListSchema>;

/** An employee's view: what they proposed, and what colleagues offer or propose that they can take. */
export const mySwapsSchema = z.object({ mine: z.array(shiftSwapSchema), available: z.array(shiftSwapSchema) });
export type MySwaps = z.infer<typeof mySwapsSchema>;

const idSchema = z.string({ error: 'Falta el identificador.' }).min(1, { error: 'Falta el identificador.' }).max(100, { error: 'El identificador no es válido.' });

export const createShiftSwapRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('offer'), eventId: idSchema }),
    z.object({ kind: z.literal('swap'), eventId: idSchema, withUserId: idSchema, withEventId: idSchema }),
  ],
  { error: 'Indica si ofreces el turno o propones un cambio.' },
);
export type CreateShiftSwapRequest = z.infer<typeof createShiftSwapRequestSchema>;

export const swapOptionsQuerySchema = z.object({ eventId: idSchema });
/** For 'Ofrecer' and 'Proponer cambio': who may take the shift, and the colleagues' shifts it can be swapped for. */
export const swapOptionsSchema = z.object({
  colleagues: z.array(z.object({ userId: z.string(), name: z.string() })),
  swaps: z.array(z.object({ userId: z.string(), name: z.string(), shift: shiftSchema })),
});
export type SwapOptions = z.infer<typeof swapOptionsSchema>;

/** 'Cambios de turno': a supervisor's company, or the one an administrator picks. */
export const companySwapsQuerySchema = z.object({ companyId: idSchema.optional() });
