import { z } from 'zod';
import { idSchema, cursorSchema } from './common';

export const actionLogEntrySchema = z.object({
  id: z.string(),
  /** ISO instant. */
  timestamp: z.string(),
  message: z.string(),
  kind: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  companyId: z.string().nullable(),
});
export type ActionLogEntry = z.infer<typeof actionLogEntrySchema>;

/** Newest first; sign-in entries are left out. Pass `nextCursor` back as `cursor` for the next page. */
export const actionLogQuerySchema = z.object({
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  companyId: idSchema.optional(),
});
export type ActionLogQuery = z.input<typeof actionLogQuerySchema>;
export type ActionLogQueryParams = z.output<typeof actionLogQuerySchema>;

export const actionLogPageSchema = z.object({
  items: z.array(actionLogEntrySchema),
  /** null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ActionLogPage = z.infer<typeof actionLogPageSchema>;
