import { z } from 'zod';
import { PASSWORDS_DO_NOT_MATCH_MESSAGE } from './account';
import { newPasswordSchema } from './common';

/** The one answer to every reset request, whether or not the account exists (docs/decisions/039). */
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  'Si los datos corresponden a una cuenta con correo electrónico, te hemos enviado un enlace para restablecer la contraseña. Revisa tu bandeja de entrada.';
export const LINK_INVALID_MESSAGE = 'El enlace no es válido, ya se ha usado o ha caducado. Pide uno nuevo.';
export const EMAIL_CHANGE_REQUESTED_MESSAGE = 'Te hemos enviado un enlace a la nueva dirección. El cambio se aplicará cuando lo abras.';
export const EMAIL_CHANGED_MESSAGE = 'Tu correo electrónico se ha cambiado.';
export const INVITATION_SENT_MESSAGE = 'Invitación enviada.';

/** How long each kind of link works. */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

export const tokenPurposeSchema = z.enum(['invitation', 'reset', 'email_change']);
export type TokenPurpose = z.infer<typeof tokenPurposeSchema>;

/** A link's token as the mail carried it: 43 base64url characters; bounded so junk never reaches a query. */
export const accountTokenSchema = z
  .string({ error: LINK_INVALID_MESSAGE })
  .min(20, { error: LINK_INVALID_MESSAGE })
  .max(100, { error: LINK_INVALID_MESSAGE })
  .regex(/^[A-Za-z0-9_-]+$/, { error: LINK_INVALID_MESSAGE });

export const tokenParamsSchema = z.object({ token: accountTokenSchema });

/** What the link page may know before acting: its purpose and the person's first name, nothing else. */
export const tokenInfoSchema = z.object({ purpose: tokenPurposeSchema, firstName: z.string() });
export type TokenInfo = z.infer<typeof tokenInfoSchema>;

export const passwordResetRequestSchema = z.object({
  identifier: z
    .string({ error: 'Escribe tu usuario o tu correo electrónico.' })
    .trim()
    .min(1, { error: 'Escribe tu usuario o tu correo electrónico.' })
    .max(200, { error: 'El texto es demasiado largo.' }),
});
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Setting a password through a link (reset or invitation): the spec's rule, typed twice. */
export const setPasswordWithTokenSchema = z
  .object({
    token: accountTokenSchema,
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: PASSWORDS_DO_NOT_MATCH_MESSAGE }).max(200),
  })
  .refine((body) => body.newPassword === body.confirmPassword, { error: PASSWORDS_DO_NOT_MATCH_MESSAGE, path: ['confirmPassword'] });
export type SetPasswordWithToken = z.input<typeof setPasswordWithTokenSchema>;

export const emailChangeRequestSchema = z.object({
  currentPassword: z
    .string({ error: 'La contraseña actual es obligatoria.' })
    .min(1, { error: 'La contraseña actual es obligatoria.' })
    .max(200),
  newEmail: z
    .string({ error: 'El correo electrónico no es válido.' })
    .trim()
    .max(200, { error: 'El correo electrónico es demasiado largo.' })
    .pipe(z.email({ error: 'El correo electrónico no es válido.' })),
});
export type EmailChangeRequest = z.input<typeof emailChangeRequestSchema>;

export const emailChangeConfirmSchema = z.object({ token: accountTokenSchema });
export type EmailChangeConfirm = z.input<typeof emailChangeConfirmSchema>;
