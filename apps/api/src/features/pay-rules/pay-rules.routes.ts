import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DATA_VIEWS } from '@jornada/shared/permissions';
import { payRulesQuerySchema, payRulesViewSchema, updatePayRulesRequestSchema } from '@jornada/shared/schemas/pay-rules';
import { authorize, requireActor } from '../../lib/authorization';
import { readPayRules, updatePayRules } from './pay-rules.service';

/** Payroll figures: the same gate as 'Pagos' (decision 032: everyone's hours and people). */
const payRulesGate = authorize({ roles: ['Supervisor', 'Administrador'], view: DATA_VIEWS.peopleAndRecords });

export async function payRulesRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const tags = ['payments'];

  routes.get(
    '/pay-rules',
    { schema: { tags, summary: 'Reglas de pago de la empresa', querystring: payRulesQuerySchema, response: { 200: payRulesViewSchema } }, preHandler: payRulesGate },
    async (request) => readPayRules(deps, requireActor(request), request.query.companyId, (message, details) => request.log.warn(details, message)),
  );
  routes.put(
    '/pay-rules',
    { schema: { tags, summary: 'Cambiar las reglas de pago de la empresa', body: updatePayRulesRequestSchema, response: { 200: payRulesViewSchema } }, preHandler: payRulesGate },
    async (request) => updatePayRules(deps, requireActor(request), request.body, (message, details) => request.log.warn(details, message)),
  );
}
