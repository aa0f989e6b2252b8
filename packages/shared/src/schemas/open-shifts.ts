import { z } from 'zod';

/** Decision 051: a claim assigns at once ('first_come') or waits for a supervisor ('approval'). */
export const openShiftModeSchema = z.enum(['first_come', 'approval'], { error: 'Elige cómo se conceden los turnos abiertos.' });
export type OpenShiftMode = z.infer<typeof openShiftModeSchema>;
export const OPEN_SHIFT_MODE_LABELS: Record<OpenShiftMode, string> = {
  first_come: 'Por orden de solicitud',
  approval: 'Con aprobación del supervisor',
};

export const OPEN_PLACES_MAX = 500;
export const OPEN_PLACES_MESSAGE = `Las plazas abiertas deben ser un número entero entre 0 y ${OPEN_PLACES_MAX}.`;

export const claimStateSchema = z.enum(['pending', 'approved', 'rejected']);
export type ClaimState = z.infer<typeof claimStateSchema>;
export const CLAIM_STATE_LABELS: Record<ClaimState, string> = { pending: 'Pendiente', approved: 'Aprobada', rejected: 'Rechazada' };

/** PUT /api/events/:id/open-places: the whole set; a category left out has no open places. */
export const saveOpenPlacesRequestSchema = z.object({
  places: z
    .array(
      z.object({
        categoryId: z.string({ error: 'Elige la categoría de las plazas.' }).min(1, { error: 'Elige la categoría de las plazas.' }).max(100),
        places: z.number({ error: OPEN_PLACES_MESSAGE }).int({ error: OPEN_PLACES_MESSAGE }).min(0, { error: OPEN_PLACES_MESSAGE }).max(OPEN_PLACES_MAX, { error: OPEN_PLACES_MESSAGE }),
      }),
      { error: 'Indica las plazas abiertas por categoría.' },
    )
    .max(100, { error: 'Demasiadas categorías en una sola petición.' }),
});
export type SaveOpenPlacesRequest = z.infer<typeof saveOpenPlacesRequestSchema>;

export const openPlaceSchema = z.object({
  categoryId: z.string(),
  categoryName: z.string(),
  places: z.number().int(),
  remaining: z.number().int(),
});
export type OpenPlace = z.infer<typeof openPlaceSchema>;

export const openShiftClaimSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  userId: z.string(),
  userName: z.string(),
  state: claimStateSchema,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type OpenShiftClaim = z.infer<typeof openShiftClaimSchema>;

/** The supervisor's view of an event's open places: what is published, what is left, who asked. */
export const eventOpenPlacesSchema = z.object({
  eventId: z.string(),
  mode: openShiftModeSchema,
  places: z.array(openPlaceSchema),
  claims: z.array(openShiftClaimSchema),
});
export type EventOpenPlaces = z.infer<typeof eventOpenPlacesSchema>;

/** One open shift as an eligible employee sees it ('Turnos abiertos'). */
export const openShiftSchema = z.object({
  eventId: z.string(),
  name: z.string(),
  location: z.string(),
  date: z.string(),
  endDate: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  remaining: z.number().int(),
  /** The caller's claim of this event, if any (a pending one waits for the supervisor). */
  myClaim: claimStateSchema.nullable(),
});
export type OpenShift = z.infer<typeof openShiftSchema>;

export const openShiftListSchema = z.object({ mode: openShiftModeSchema, items: z.array(openShiftSchema) });
export type OpenShiftList = z.infer<typeof openShiftListSchema>;

export const claimOpenShiftRequestSchema = z.object({
  categoryId: z.string({ error: 'Elige la categoría de la plaza.' }).min(1, { error: 'Elige la categoría de la plaza.' }).max(100),
});
export type ClaimOpenShiftRequest = z.infer<typeof claimOpenShiftRequestSchema>;
