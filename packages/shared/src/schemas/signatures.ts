import { z } from 'zod';
import { MAX_SIGNATURE_BYTES, SIGNATURE_EMPTY_MESSAGE, SIGNATURE_TOO_LARGE_MESSAGE, SIGNATURE_TYPE_MESSAGE } from '../files';

/** Base64 grows 4/3; the prefix is 22 characters. */
const MAX_SIGNATURE_DATA_URL_LENGTH = Math.ceil((MAX_SIGNATURE_BYTES * 4) / 3) + 32;

/** A signature as the pad exports it: a PNG data URL (the server also checks the bytes). */
export const signatureDataUrlSchema = z
  .string({ error: SIGNATURE_EMPTY_MESSAGE })
  .trim()
  .min(1, { error: SIGNATURE_EMPTY_MESSAGE })
  .max(MAX_SIGNATURE_DATA_URL_LENGTH, { error: SIGNATURE_TOO_LARGE_MESSAGE })
  .startsWith('data:image/png;base64,', { error: SIGNATURE_TYPE_MESSAGE });

/** Mi Firma: 'Guardar Firma'. */
export const saveSignatureRequestSchema = z.object({ signature: signatureDataUrlSchema });
export type SaveSignatureRequest = z.infer<typeof saveSignatureRequestSchema>;

export const savedSignatureSchema = z.object({
  /** The PNG (white strokes on transparent), to show on a dark surface; changes with every new signature. */
  url: z.string(),
  updatedAt: z.string(),
});
export type SavedSignature = z.infer<typeof savedSignatureSchema>;

export const mySignatureResponseSchema = z.object({ signature: savedSignatureSchema.nullable() });
export type MySignatureResponse = z.infer<typeof mySignatureResponseSchema>;
