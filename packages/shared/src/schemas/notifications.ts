import { z } from 'zod';
import { cursorSchema } from './common';

/** What a notification is about; each kind has its Spanish title and its link (docs/decisions/033). */
export const notificationKinds = [
  'event.assigned',
  'event.unassigned',
  'event.changed',
  'event.deleted',
  'vacation.requested',
  'vacation.approved',
  'vacation.rejected',
  'vacation.proposed',
  'live.no-show',
  'event.reminder',
  'time-record.open',
  'time-record.open-supervisors',
  'loan.created',
  'loan.return-requested',
  'loan.denied',
  'correction.proposed',
  'correction.approved',
  'correction.rejected',
  'registro.ready',
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
