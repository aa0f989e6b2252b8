import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { overviewSummaryQuerySchema, overviewSummarySchema } from '@jornada/shared/schemas/overview';
import { authorize, requireActor } from '../../lib/authorization';
import { eventsDeps } from '../events/event-access';
import { getOverviewSummary } from './overview.service';

export async function overviewRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = eventsDeps(app);

  routes.get(
    '/overview/summary',
    {
      schema: { tags: ['overview'], summary: 'Panel principal: tarjetas de resumen', querystring: overviewSummaryQuerySchema, response: { 200: overviewSummarySchema } },
      preHandler: authorize(),
      config: { viewerCache: { reads: ['events', 'event_assignments', 'time_records'], followsTime: true } },
    },
    async (request) => getOverviewSummary(deps, requireActor(request), request.query),
  );
}
