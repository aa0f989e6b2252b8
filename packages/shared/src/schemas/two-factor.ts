import { z } from 'zod';
import { sessionResponseSchema } from './auth';

/** A 6-digit code from the app, or a recovery code (xxxxx-xxxxx); spaces are ignored. */
export const CODE_MESSAGE = 'Introduce el código de 6 dígitos de tu aplicación o un código de recuperación.';
export const WRONG_CODE_MESSAGE = 'El código de verificación no es correcto o ya se ha usado.';
export const TWO_FACTOR_ENABLED_MESSAGE = 'La verificación en dos pasos está activada.';
export const TWO_FACTOR_DISABLED_MESSAGE = 'La verificación en dos pasos está desactivada.';
export const TWO_FACTOR_RESET_MESSAGE = 'Se ha restablecido la verificación en dos pasos del usuario.';

const codeSchema = z
  .string({ error: CODE_MESSAGE })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(6, { error: CODE_MESSAGE }).max(20, { error: CODE_MESSAGE }));

const pendingTokenSchema = z.string({ error: 'Vuelve a iniciar sesión.' }).min(10, { error: 'Vuelve a iniciar sesión.' }).max(100, { error: 'Vuelve a iniciar sesión.' });

/** The sign-in answer when a second factor is needed: no session yet, only the pending token. */
export const twoFactorChallengeSchema = z.object({
  twoFactor: z.object({
    /** 'verify': ask for the code; 'enrol': the user must set up the second factor first. */
    step: z.enum(['verify', 'enrol']),
    pendingToken: z.string(),
    expiresAt: z.string(),
  }),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

export const twoFactorVerifyRequestSchema = z.object({
  pendingToken: pendingTokenSchema,
  code: codeSchema,
  rememberDevice: z.boolean({ error: 'Indica si quieres recordar este dispositivo.' }).default(false),
});
export type TwoFactorVerifyRequest = z.input<typeof twoFactorVerifyRequestSchema>;

export const pendingEnrolmentRequestSchema = z.object({ pendingToken: pendingTokenSchema });

/** What the enrolment shows: the secret for the QR code and, as text, for typing it in. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorConfirmRequestSchema = z.object({
  code: z
    .string({ error: 'Introduce el código de 6 dígitos de tu aplicación.' })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { error: 'Introduce el código de 6 dígitos de tu aplicación.' })),
});
export type TwoFactorConfirmRequest = z.input<typeof twoFactorConfirmRequestSchema>;

export const pendingConfirmRequestSchema = twoFactorConfirmRequestSchema.extend({ pendingToken: pendingTokenSchema });

/** Shown once: only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** The user's role or company asks for it: it cannot be turned off. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const disableTwoFactorRequestSchema = z.object({
  currentPassword: z.string({ error: 'La contraseña actual es obligatoria.' }).min(1, { error: 'La contraseña actual es obligatoria.' }).max(200),
});
export type DisableTwoFactorRequest = z.infer<typeof disableTwoFactorRequestSchema>;

/** The forced enrolment's end: the session, and the recovery codes shown once. */
export const enrolledSessionSchema = sessionResponseSchema.extend({ recoveryCodes: z.array(z.string()) });
export type EnrolledSession = z.infer<typeof enrolledSessionSchema>;

/** POST /auth/login answers a session or, with a second factor, the challenge. */
export const loginResponseSchema = z.union([sessionResponseSchema, twoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;
