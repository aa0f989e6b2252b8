import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registroVerificationSchema } from '@jornada/shared/schemas/registro-integrity';
import { authorize, requireActor } from '../../lib/authorization';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { verifyRegistro } from '../../ledgers/registro-chain/registro-verify';

/** 'Integridad del Registro': platform administrators only (it reads every company's chain). */
export async function registroIntegrityRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/registro-integrity/verify',
    {
      schema: { tags: ['registro-integrity'], summary: 'Comprobar la integridad del registro de jornada', response: { 200: registroVerificationSchema } },
      preHandler: authorize({ roles: ['Administrador'] }),
    },
    async (request) => {
      const actor = requireActor(request);
      const now = app.clock();
      const result = await verifyRegistro(app.db, now);
      const broken = result.companies.filter((company) => !company.ok).length;
      await appendActorAction(app.db, actor, now, {
        companyId: null,
        kind: 'registro.verify',
        message: `${actor.name} ha comprobado la integridad del registro de jornada: ${broken === 0 ? 'correcto' : `${broken} empresa(s) con la cadena rota`}`,
      });
      return result;
    },
  );
}
