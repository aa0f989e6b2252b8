import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { markPaidRequestSchema, paymentSchema, paymentsQuerySchema, paymentsResponseSchema } from '@jornada/shared/schemas/payments';
import { DATA_VIEWS } from '@jornada/shared/permissions';
import { authorize, requireActor } from '../../lib/authorization';
import { listPayments, markAsPaid } from './payments.service';

const managers = ['Supervisor', 'Administrador'] as const;
/** Everyone's hours: the company's people and their records (decision 032). */
const paymentsGate = authorize({ roles: managers, view: DATA_VIEWS.peopleAndRecords });

export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, timeZone: app.config.timeZone };
  const tags = ['payments'];

  routes.get(
    '/payments',
    { schema: { tags, summary: 'Pagos del mes por empleado', querystring: paymentsQuerySchema, response: { 200: paymentsResponseSchema } }, preHandler: paymentsGate },
    async (request) => listPayments(deps, requireActor(request), request.query),
  );
  routes.post(
    '/payments',
    { schema: { tags, summary: 'Registrar el pago de un mes', body: markPaidRequestSchema, response: { 201: paymentSchema } }, preHandler: paymentsGate },
    async (request, reply) => reply.status(201).send(await markAsPaid(deps, requireActor(request), request.body)),
  );
}
