import { z } from 'zod';
import { cursorSchema, idSchema } from './common';

/** Where a mail of the outbox is (docs/decisions/035). */
export const mailStatuses = ['pending', 'sent', 'unsent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

export const mailStatusLabels: Record<MailStatus, string> = {
  pending: 'Pendiente',
  sent: 'Enviado',
  unsent: 'Sin enviar (sin SMTP)',
  failed: 'Fallido',
};

/** A mail of the outbox as the platform Administrador sees it in 'Correos enviados'. */
export const outboxMailSchema = z.object({
  id: z.string(),
  companyName: z.string().nullable(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The plain-text part, shown when the row is opened. */
  text: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const mailListQuerySchema = z.object({
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const mailPageSchema = z.object({ items: z.array(outboxMailSchema), nextCursor: z.string().nullable() });
export type MailPage = z.infer<typeof mailPageSchema>;

/** Background jobs as the Administrador sees them ('Tareas fallidas'): only the dead ones are listed. */
export const jobStatuses = ['pending', 'running', 'done', 'dead'] as const;

export const adminJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(jobStatuses),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

export const jobListQuerySchema = z.object({
  status: z.literal('dead', { error: 'Solo se pueden listar las tareas fallidas (status=dead).' }).default('dead'),
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const jobPageSchema = z.object({ items: z.array(adminJobSchema), nextCursor: z.string().nullable() });
export type JobPage = z.infer<typeof jobPageSchema>;

export const jobIdParamsSchema = z.object({ id: idSchema });

/** Spanish names of the job kinds the Administrador may see; an unknown kind shows its code. */
export const jobKindLabels: Record<string, string> = {
  'mail.send': 'Enviar correo',
  'notification.deliver': 'Entregar notificación',
  'live.no-show-check': 'Aviso de ausencia',
};
