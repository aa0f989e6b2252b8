import { z } from 'zod';

/**
 * Personal API tokens (issue 28 item 4, docs/decisions/054): another program calls the API as the
 * token's user, with `Authorization: Bearer <token>`, only on the routes of the token's scopes.
 */
export const apiTokenScopes = ['perfil:leer', 'registro:leer', 'fichajes:leer', 'eventos:leer', 'eventos:gestionar', 'personal:leer', 'vacaciones:leer'] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

export const apiTokenScopeLabels: Record<ApiTokenScope, { label: string; description: string }> = {
  'perfil:leer': { label: 'Leer tu perfil', description: 'Quién eres y qué vistas tienes.' },
  'registro:leer': { label: 'Leer el registro de jornada', description: 'Tu registro y, si lo gestionas, el de la empresa (también en PDF).' },
  'fichajes:leer': { label: 'Leer fichajes', description: 'Tus horas y, si lo gestionas, el registro de fichajes.' },
  'eventos:leer': { label: 'Leer eventos', description: 'Eventos, turnos y calendario.' },
  'eventos:gestionar': { label: 'Gestionar eventos', description: 'Crear, cambiar, finalizar y borrar eventos y asignar personal.' },
  'personal:leer': { label: 'Leer el personal', description: 'Los empleados de la empresa.' },
  'vacaciones:leer': { label: 'Leer vacaciones', description: 'Tus vacaciones y, si las gestionas, las de la empresa.' },
};

/** What the token is shown as: its first characters. */
export const API_TOKEN_PREFIX = 'jrn_';

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters, to tell tokens apart (the rest is never stored). */
  hint: z.string(),
  scopes: z.array(z.enum(apiTokenScopes)),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokensResponseSchema = z.object({ items: z.array(apiTokenSchema) });
export type ApiTokensResponse = z.infer<typeof apiTokensResponseSchema>;

const SCOPES_MESSAGE = 'Elige al menos un permiso para el token.';
const DATE_MESSAGE = 'La caducidad debe ser una fecha válida (AAAA-MM-DD).';
export const createApiTokenRequestSchema = z.object({
  name: z
    .string({ error: 'Ponle un nombre al token.' })
    .trim()
    .min(1, { error: 'Ponle un nombre al token.' })
    .max(100, { error: 'El nombre del token es demasiado largo (máximo 100 caracteres).' }),
  scopes: z
    .array(z.enum(apiTokenScopes, { error: 'Ese permiso de token no existe.' }), { error: SCOPES_MESSAGE })
    .min(1, { error: SCOPES_MESSAGE })
    .max(apiTokenScopes.length, { error: 'Hay permisos repetidos.' }),
  /** The last day the token works: it stops at the end of that day (UTC). Null or absent: no expiry. */
  expiresOn: z
    .string({ error: DATE_MESSAGE })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DATE_MESSAGE })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), { error: DATE_MESSAGE })
    .nullable()
    .optional(),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;

export const createApiTokenResponseSchema = z.object({
  token: apiTokenSchema,
  /** The secret, in this answer only: it is stored as a hash. */
  secret: z.string(),
});
export type CreateApiTokenResponse = z.infer<typeof createApiTokenResponseSchema>;
