import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, okResponseSchema } from '@jornada/shared/schemas/common';
import { authorize, requireActor } from '../../lib/authorization';
import { unlockLogin } from './login-unlock.service';

/** 'Desbloquear acceso': a platform administrator clears a user's failed sign-ins (decision 006, addendum). */
export async function loginUnlockRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/users/:id/unlock-login',
    {
      schema: {
        tags: ['users'],
        summary: 'Desbloquear el acceso de un usuario (borra sus intentos fallidos de inicio de sesión)',
        params: idParamsSchema,
        response: { 200: okResponseSchema },
      },
      preHandler: authorize({ roles: ['Administrador'] }),
    },
    async (request) => {
      await unlockLogin({ db: app.db, clock: app.clock }, requireActor(request), request.params.id);
      return { ok: true as const };
    },
  );
}
