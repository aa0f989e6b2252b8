import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePasswordRequestSchema, changePasswordResponseSchema } from '@jornada/shared/schemas/account';
import { messageResponseSchema } from '@jornada/shared/schemas/account-lifecycle';
import { disableTwoFactorRequestSchema } from '@jornada/shared/schemas/two-factor';
import { authorize, requireActor } from '../../lib/authorization';
import * as service from './account.service';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db, clock: app.clock };
  app.withTypeProvider<ZodTypeProvider>().post(
    '/account/password',
    {
      schema: {
        tags: ['account'],
        summary: 'Cambiar la contraseña propia (cierra las demás sesiones)',
        body: changePasswordRequestSchema,
        response: { 200: changePasswordResponseSchema },
      },
      preHandler: authorize(),
    },
    async (request) => service.changePassword(deps, requireActor(request), request.body, request.ip),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/account/two-factor/disable',
    {
      schema: { tags: ['account'], summary: 'Desactivar la verificación en dos pasos propia (con la contraseña actual)', body: disableTwoFactorRequestSchema, response: { 200: messageResponseSchema } },
      preHandler: authorize(),
    },
    async (request) => service.disableTwoFactor({ ...deps, twoFactorAdminRequired: app.config.twoFactorAdminRequired }, requireActor(request), request.body, request.ip),
  );
}
