import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailChangeConfirmSchema,
  emailChangeRequestSchema,
  messageResponseSchema,
  passwordResetRequestSchema,
  setPasswordWithTokenSchema,
  tokenInfoSchema,
} from '@jornada/shared/schemas/account-lifecycle';
import { idParamsSchema } from '@jornada/shared/schemas/common';
import { authorize, requireActor } from '../../lib/authorization';
import { setSessionCookie } from '../auth/session-policy';
import { loginResponseSchema } from '@jornada/shared/schemas/two-factor';
import { buildSessionResponse } from '../auth/auth.service';
import * as service from './account-lifecycle.service';

/**
 * One-time links (docs/decisions/039). The /auth ones are public (the person is signed out) but
 * still pass the CSRF check every POST does; the token travels in the body, never in a URL that an
 * access log or a Referer could keep.
 */
export async function accountLifecycleRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, publicUrl: app.config.publicUrl };

  routes.post(
    '/auth/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Pedir un enlace para restablecer la contraseña (la misma respuesta exista o no la cuenta)',
        body: passwordResetRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => service.requestPasswordReset(deps, request.body.identifier, request.ip),
  );

  routes.post(
    '/auth/tokens/inspect',
    {
      schema: {
        tags: ['auth'],
        summary: 'Comprobar un enlace de un solo uso (para qué es y el nombre de pila)',
        body: emailChangeConfirmSchema,
        response: { 200: tokenInfoSchema },
      },
    },
    async (request) => service.inspectToken(deps, request.body.token),
  );

  for (const [url, purpose, summary] of [
    ['/auth/password-reset/confirm', 'reset', 'Elegir una nueva contraseña con el enlace (cierra las demás sesiones e inicia sesión)'],
    ['/auth/invitations/accept', 'invitation', 'Crear la contraseña con el enlace de la invitación e iniciar sesión'],
  ] as const) {
    routes.post(
      url,
      { schema: { tags: ['auth'], summary, body: setPasswordWithTokenSchema, response: { 200: loginResponseSchema } } },
      async (request, reply) => {
        const result = await service.setPasswordWithToken({ ...deps, twoFactorAdminRequired: app.config.twoFactorAdminRequired }, purpose, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
        if (result.challenge) return result.challenge;
        if (result.sessionToken) setSessionCookie(app, reply, result.sessionToken);
        return buildSessionResponse({ db: app.db, cache: app.authCache }, result.userId);
      },
    );
  }

  routes.post(
    '/auth/email-change/confirm',
    {
      schema: { tags: ['auth'], summary: 'Confirmar el nuevo correo electrónico con el enlace', body: emailChangeConfirmSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => service.confirmEmailChange(deps, request.body.token, request.actor?.userId ?? null),
  );

  routes.post(
    '/account/email',
    {
      schema: {
        tags: ['account'],
        summary: 'Pedir el cambio del correo propio (se confirma desde la nueva dirección)',
        body: emailChangeRequestSchema,
        response: { 200: messageResponseSchema },
      },
      preHandler: authorize(),
    },
    async (request) => service.requestEmailChange(deps, requireActor(request), request.body, request.ip),
  );

  routes.post(
    '/users/:id/invitation',
    {
      schema: { tags: ['users'], summary: 'Reenviar la invitación (el enlace anterior deja de funcionar)', params: idParamsSchema, response: { 200: messageResponseSchema } },
      preHandler: authorize({ roles: ['Supervisor', 'Administrador'], view: 'view-employees' }),
    },
    async (request) => service.resendInvitation(deps, requireActor(request), request.params.id),
  );
}
