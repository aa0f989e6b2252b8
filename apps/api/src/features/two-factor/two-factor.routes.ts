import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@jornada/shared/schemas/account-lifecycle';
import { idParamsSchema } from '@jornada/shared/schemas/common';
import { recoveryCodesSchema, twoFactorConfirmRequestSchema, twoFactorSetupSchema, twoFactorStatusSchema } from '@jornada/shared/schemas/two-factor';
import { authorize, requireActor } from '../../lib/authorization';
import * as service from './two-factor.service';

const tags = ['account'];

/** Mi Cuenta's 'Verificación en dos pasos' and the reset of someone else's (decision 055). */
export async function twoFactorRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, twoFactorAdminRequired: app.config.twoFactorAdminRequired };

  routes.get(
    '/account/two-factor',
    { schema: { tags, summary: 'Estado de la verificación en dos pasos propia', response: { 200: twoFactorStatusSchema } }, preHandler: authorize() },
    async (request) => service.readStatus(deps, requireActor(request)),
  );

  routes.post(
    '/account/two-factor/setup',
    { schema: { tags, summary: 'Empezar a configurar la verificación en dos pasos (clave para el código QR)', response: { 200: twoFactorSetupSchema } }, preHandler: authorize() },
    async (request) => service.startOwnEnrolment(deps, requireActor(request)),
  );

  routes.post(
    '/account/two-factor/confirm',
    {
      schema: { tags, summary: 'Confirmar la verificación en dos pasos con un código (devuelve los códigos de recuperación una vez)', body: twoFactorConfirmRequestSchema, response: { 200: recoveryCodesSchema } },
      preHandler: authorize(),
    },
    async (request) => service.confirmOwnEnrolment(deps, requireActor(request), request.body.code),
  );

  routes.post(
    '/users/:id/two-factor/reset',
    {
      schema: { tags: ['users'], summary: 'Restablecer la verificación en dos pasos de un usuario', params: idParamsSchema, response: { 200: messageResponseSchema } },
      preHandler: authorize({ roles: ['Supervisor', 'Administrador'], view: 'view-employees' }),
    },
    async (request) => service.resetUserTwoFactor(deps, requireActor(request), request.params.id),
  );
}
