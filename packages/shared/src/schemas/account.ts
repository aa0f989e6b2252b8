import { z } from 'zod';
import { newPasswordSchema } from './common';

export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Las nuevas contraseñas no coinciden.';
export const PASSWORD_CHANGED_MESSAGE = 'Contraseña cambiada con éxito.';

/** Mi Cuenta: the signed-in user's own password. */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: z
      .string({ error: 'La contraseña actual es obligatoria.' })
      .min(1, { error: 'La contraseña actual es obligatoria.' })
      .max(200),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: PASSWORDS_DO_NOT_MATCH_MESSAGE }).max(200),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    error: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    path: ['confirmPassword'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const changePasswordResponseSchema = z.object({ message: z.literal(PASSWORD_CHANGED_MESSAGE) });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;
