import { cursorSchema } from './common';
import { z } from 'zod';
import { accessRecordSchema } from './access-links';

/** A deleted company or worker whose registro de jornada is kept for 4 years (decision 014). */
export const archivedSubjectSchema = z.object({
  id: z.string(),
  kind: z.enum(['company', 'user']),
  /** The company's or the user's own id. */
  subjectId: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  companyId: z.string(),
  companyName: z.string().nullable(),
  deletedAt: z.string(),
  deletedByName: z.string(),
  recordCount: z.number().int(),
  workerCount: z.number().int(),
  /** Days 'yyyy-MM-dd' (company time zone) of the first and the last record; null with none left. */
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
  /** When its last record turns 4 years old and is purged. */
  purgeAfter: z.string().nullable(),
});
export type ArchivedSubject = z.infer<typeof archivedSubjectSchema>;

export const legalArchiveResponseSchema = z.object({
  companies: z.array(archivedSubjectSchema),
  users: z.array(archivedSubjectSchema),
});
export type LegalArchiveResponse = z.infer<typeof legalArchiveResponseSchema>;

export const archivedRecordsQuerySchema = z.object({ cursor: cursorSchema.optional() });

export const archivedRecordsResponseSchema = z.object({
  subject: archivedSubjectSchema,
  records: z.array(accessRecordSchema),
  nextCursor: z.string().nullable(),
});
export type ArchivedRecordsResponse = z.infer<typeof archivedRecordsResponseSchema>;

export const archiveDownloadQuerySchema = z.object({
  format: z.enum(['pdf', 'csv'], { error: 'El formato debe ser pdf o csv.' }),
  year: z.coerce
    .number({ error: 'Indica el año.' })
    .int({ error: 'El año no es válido.' })
    .min(2000, { error: 'El año no es válido.' })
    .max(2100, { error: 'El año no es válido.' }),
});
