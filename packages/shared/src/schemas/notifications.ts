import { z } from 'zod';
import { cursorSchema } from './common';

/** What a notification is about; each kind has its Spanish title and its link (docs/decisions/033). */
export const notificationKinds = [
  'event.assigned',
  'event.unassigned',
  'event.changed',
  'event.deleted',
  'event.declined',
  'vacation.requested',
  'vacation.approved',
  'vacation.rejected',
  'vacation.proposed',
  'live.no-show',
  'event.reminder',
  'time-record.open',
  'time-record.open-supervisors',
  // A record closed for the person, at a time they may have to correct.
  'time-record.auto-closed',
  'loan.created',
  'loan.return-requested',
  'loan.denied',
  'correction.proposed',
  'correction.approved',
  'correction.rejected',
  'registro.ready',
  // 60, 30 and 7 days before a qualification expires (decision 042): its holder and the supervisors.
  'qualification.expiring',
  // Decision 051: a claim of an open place to approve (supervisors), and its rejection (the claimant).
  'open-shift.claimed',
  'open-shift.rejected',
  // Decision 052: a colleague offers a shift or proposes a swap; it is taken and awaits approval; it is decided.
  'shift-swap.proposed',
  'shift-swap.taken',
  'shift-swap.decided',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** An in-app path ('/mis-eventos', '/vacaciones'…), never an outside address. */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const notificationPageSchema = z.object({ items: z.array(notificationSchema), nextCursor: z.string().nullable() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const markAllReadResponseSchema = z.object({ marked: z.number().int().min(0) });

/**
 * The Spanish name of each kind, as 'Mi Cuenta → Notificaciones' lists it. Typed by the kinds list:
 * a kind added above without its label does not compile, and the preferences table grows by itself.
 */
export const notificationKindLabels: Record<NotificationKind, string> = {
  'event.assigned': 'Te asignan a un evento',
  'event.unassigned': 'Te quitan de un evento',
  'event.changed': 'Cambia la hora o el lugar de tu evento',
  'event.deleted': 'Se elimina un evento tuyo',
  'event.declined': 'Alguien rechaza un turno asignado',
  'vacation.requested': 'Alguien solicita vacaciones',
  'vacation.approved': 'Te aprueban unas vacaciones',
  'vacation.rejected': 'Te rechazan unas vacaciones',
  'vacation.proposed': 'Te proponen otras fechas de vacaciones',
  'live.no-show': 'Alguien no ha fichado al empezar su turno',
  'event.reminder': 'Tu turno empieza en una hora y no has fichado',
  'time-record.open': 'Olvidaste fichar la salida',
  'time-record.open-supervisors': 'Alguien sigue fichado una hora después del fin',
  'time-record.auto-closed': 'Tu fichaje se cierra automáticamente',
  'loan.created': 'Te prestan material (confirma la recepción)',
  'loan.return-requested': 'Te piden devolver material',
  'loan.denied': 'Alguien no reconoce un préstamo tuyo',
  'correction.proposed': 'Te proponen una corrección de fichaje',
  'correction.approved': 'Aceptan tu corrección de fichaje',
  'correction.rejected': 'Rechazan tu corrección de fichaje',
  'registro.ready': 'Tu registro del mes está listo para firmar',
  'qualification.expiring': 'Una titulación está a punto de caducar',
  'open-shift.claimed': 'Alguien solicita un turno abierto',
  'open-shift.rejected': 'Rechazan tu solicitud de turno abierto',
  'shift-swap.proposed': 'Un compañero ofrece un turno o te propone un cambio',
  'shift-swap.taken': 'Un cambio de turno espera aprobación',
  'shift-swap.decided': 'Aprueban o rechazan tu cambio de turno',
};

/** The channels besides in-app (always on) a person can choose per kind (docs/decisions/035). */
export const deliveryChannels = ['email', 'push'] as const;
export type DeliveryChannelName = (typeof deliveryChannels)[number];
export const deliveryChannelLabels: Record<DeliveryChannelName, string> = { email: 'Correo', push: 'Push' };

/**
 * Defaults before a person chooses (docs/decisions/035): push for every kind (it is per device and
 * opt-in by subscribing); e-mail for what changes a person's work or answers their request — being
 * assigned, removed, a changed or deleted event, a vacation decided — and for supervisors a request
 * to decide, a loan to confirm, a correction, the month's registro to sign. 'live.no-show', the
 * shift reminder and the forgotten clock-out are minute-to-minute: an e-mail would arrive after
 * it matters, so they go in-app and by push.
 */
const emailByDefault: ReadonlySet<string> = new Set<NotificationKind>([
  'event.assigned',
  'event.unassigned',
  'event.changed',
  'event.deleted',
  'event.declined',
  'vacation.requested',
  'vacation.approved',
  'vacation.rejected',
  'vacation.proposed',
  // What asks the person to act, and can wait minutes (the time-critical reminders go by push).
  'loan.created',
  'loan.return-requested',
  'loan.denied',
  'correction.proposed',
  'correction.approved',
  'correction.rejected',
  'registro.ready',
  // Weeks ahead: time to renew a card, and a mail keeps it in sight.
  'qualification.expiring',
  // Decision 051: a claim to decide, and its answer, like a vacation request.
  'open-shift.claimed',
  'open-shift.rejected',
]);

export function defaultChannelPreference(kind: string, channel: DeliveryChannelName): boolean {
  return channel === 'push' ? true : emailByDefault.has(kind);
}

export const notificationPreferenceSchema = z.object({
  kind: z.enum(notificationKinds),
  email: z.boolean(),
  push: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const notificationPreferencesSchema = z.object({
  /** One row per kind, in the order of `notificationKinds`. */
  items: z.array(notificationPreferenceSchema),
  /** Whether the person has an e-mail address: without one, the e-mail column does nothing. */
  hasEmail: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const updateNotificationPreferencesSchema = z.object({
  items: z
    .array(notificationPreferenceSchema)
    .max(notificationKinds.length)
    .refine((items) => new Set(items.map((item) => item.kind)).size === items.length, { error: 'Cada tipo de aviso solo puede aparecer una vez.' }),
});
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;
