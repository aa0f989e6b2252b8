import { z } from 'zod';
import { idSchema, cursorSchema } from './common';
import { timeRecordFlagSchema } from './time-records';

/** Bounds of a link (decision 014): a year of records at most, open for 90 days at most. */
export const ACCESS_LINK_MAX_RANGE_DAYS = 366;
export const ACCESS_LINK_DEFAULT_DAYS = 7;
export const ACCESS_LINK_MAX_DAYS = 90;

const dayPattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function isExistingDay(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}

/** A calendar day 'yyyy-MM-dd' that exists (no 31 of February). */
export const daySchema = z
  .string({ error: 'La fecha debe tener el formato aaaa-MM-dd.' })
  .regex(dayPattern, { error: 'La fecha debe tener el formato aaaa-MM-dd.' })
  .refine(isExistingDay, { error: 'La fecha no existe.' });

/** Whole days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export const createAccessLinkRequestSchema = z
  .object({
    /** Required for an administrator; a supervisor's link is always for their own company. */
    companyId: idSchema.optional(),
    from: daySchema,
    to: daySchema,
    expiresInDays: z.coerce
      .number({ error: 'Indica los días de validez.' })
      .int({ error: 'Los días de validez deben ser un número entero.' })
      .min(1, { error: 'El enlace debe valer al menos 1 día.' })
      .max(ACCESS_LINK_MAX_DAYS, { error: `El enlace puede valer como máximo ${ACCESS_LINK_MAX_DAYS} días.` })
      .default(ACCESS_LINK_DEFAULT_DAYS),
    purpose: z
      .string({ error: 'Indica la finalidad del acceso.' })
      .trim()
      .min(3, { error: 'Indica la finalidad del acceso (por ejemplo, «Inspección de Trabajo, requerimiento 123»).' })
      .max(300, { error: 'La finalidad puede tener como máximo 300 caracteres.' }),
  })
  .refine((value) => value.from <= value.to, { error: 'La fecha de inicio debe ser anterior o igual a la de fin.', path: ['to'] })
  .refine((value) => value.from > value.to || daysInRange(value.from, value.to) <= ACCESS_LINK_MAX_RANGE_DAYS, {
    error: 'El periodo puede abarcar como máximo un año.',
    path: ['to'],
  });
export type CreateAccessLinkRequest = z.input<typeof createAccessLinkRequestSchema>;

export const accessLinkStateSchema = z.enum(['activo', 'caducado', 'revocado']);
export type AccessLinkState = z.infer<typeof accessLinkStateSchema>;

export const accessLinkSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  from: z.string(),
  to: z.string(),
  purpose: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  revokedByName: z.string().nullable(),
  state: accessLinkStateSchema,
  useCount: z.number().int(),
  lastUsedAt: z.string().nullable(),
});
export type AccessLink = z.infer<typeof accessLinkSchema>;

/** The token is in this answer only: it is stored hashed and can never be shown again. */
export const createAccessLinkResponseSchema = z.object({ link: accessLinkSchema, token: z.string() });
export type CreateAccessLinkResponse = z.infer<typeof createAccessLinkResponseSchema>;

export const accessLinksQuerySchema = z.object({ companyId: idSchema.optional() });
export const accessLinksResponseSchema = z.object({ links: z.array(accessLinkSchema) });
export type AccessLinksResponse = z.infer<typeof accessLinksResponseSchema>;

export const accessLinkUseKindSchema = z.enum(['view', 'pdf', 'csv']);
export const accessLinkUseSchema = z.object({ id: z.string(), usedAt: z.string(), kind: accessLinkUseKindSchema, ip: z.string().nullable() });
export type AccessLinkUse = z.infer<typeof accessLinkUseSchema>;
export const accessLinkUsesResponseSchema = z.object({ uses: z.array(accessLinkUseSchema) });
export type AccessLinkUsesResponse = z.infer<typeof accessLinkUsesResponseSchema>;

export const accessUseKindLabels: Record<z.infer<typeof accessLinkUseKindSchema>, string> = {
  view: 'Consulta',
  pdf: 'Descarga PDF',
  csv: 'Descarga CSV',
};

/** 43 base64url characters = 256 random bits; anything else is not a token (404 without a query). */
export const accessTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Este enlace de acceso no existe.' });
export const accessTokenParamsSchema = z.object({ token: accessTokenSchema });

/** One time record as the link shows it: who, which day, start, end, worked time, corrected or not. */
export const accessRecordSchema = z.object({
  id: z.string(),
  workerName: z.string(),
  workerUsername: z.string().nullable(),
  day: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  corrected: z.boolean(),
  /** 'Fichado sin conexión', 'Fuera de zona', 'Cierre automático' (decision 040). */
  flags: z.array(timeRecordFlagSchema),
});
export type AccessRecord = z.infer<typeof accessRecordSchema>;

export const publicAccessQuerySchema = z.object({ cursor: cursorSchema.optional() });

export const publicAccessResponseSchema = z.object({
  companyName: z.string(),
  from: z.string(),
  to: z.string(),
  purpose: z.string(),
  expiresAt: z.string(),
  timeZone: z.string(),
  records: z.array(accessRecordSchema),
  nextCursor: z.string().nullable(),
});
export type PublicAccessResponse = z.infer<typeof publicAccessResponseSchema>;
