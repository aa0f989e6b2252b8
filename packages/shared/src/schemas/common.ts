import { z } from 'zod';

export const PASSWORD_RULE_MESSAGE = 'La contraseña debe tener 8+ caracteres, una mayúscula y un carácter especial.';

/** The spec's rule for every new password: 8+ characters, an uppercase letter and a special character. */
export const newPasswordSchema = z
  .string({ error: PASSWORD_RULE_MESSAGE })
  .max(200, { error: 'La contraseña es demasiado larga.' })
  .refine((value) => value.length >= 8 && /\p{Lu}/u.test(value) && /[^\p{L}\p{N}\s]/u.test(value), {
    error: PASSWORD_RULE_MESSAGE,
  });

export function isValidNewPassword(value: string): boolean {
  return newPasswordSchema.safeParse(value).success;
}

/** Ids are opaque strings; bounded so a huge id cannot reach the database. */
export const idSchema = z.string().min(1).max(100);

export const idParamsSchema = z.object({ id: idSchema });

/**
 * A paging cursor as the client got it: opaque, checked in full by the server's decodeCursor. Long
 * enough for a sort key of a 200-character name in any script (base64 of UTF-8 JSON).
 */
export const cursorSchema = z.string().max(1200, { error: 'El cursor de paginación no es válido.' });

/** Keyset pagination: the client passes back the cursor it was given. */
export const pageQuerySchema = z.object({
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const okResponseSchema = z.object({ ok: z.literal(true) });
