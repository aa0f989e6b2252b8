import { z } from 'zod';

/** The first broken link of a company's registro chain (issue 11, part 3). */
export const registroBreakSchema = z.object({
  /** The chain entry where it breaks; null when a row has no entry at all. */
  seq: z.number().int().nullable(),
  /** 'clave': an entry of the chain key itself (its introduction or a rotation; decision 031). */
  kind: z.enum(['fichaje', 'correccion', 'clave']),
  /** The time record or amendment the entry seals (a key entry: the key id). */
  subjectId: z.string(),
  /** The time record concerned (an amendment's record), when known. */
  recordId: z.string().nullable(),
  /** What differs, in Spanish. */
  problem: z.string(),
});
export type RegistroBreak = z.infer<typeof registroBreakSchema>;

export const registroCompanyCheckSchema = z.object({
  companyId: z.string(),
  /** Null when the company was deleted (its registro is kept). */
  companyName: z.string().nullable(),
  entries: z.number().int(),
  ok: z.boolean(),
  problems: z.number().int(),
  firstBreak: registroBreakSchema.nullable(),
  /** The chain's head as stored (what documents print, to compare with copies held outside). */
  head: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
});
export type RegistroCompanyCheck = z.infer<typeof registroCompanyCheckSchema>;

export const registroVerificationSchema = z.object({
  checkedAt: z.string(),
  ok: z.boolean(),
  companies: z.array(registroCompanyCheckSchema),
});
export type RegistroVerification = z.infer<typeof registroVerificationSchema>;
