import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DATA_VIEWS } from '@jornada/shared/permissions';
import { copyWeekRequestSchema, copyWeekResponseSchema, rosterPdfQuerySchema, rosterQuerySchema, rosterResponseSchema } from '@jornada/shared/schemas/roster';
import { contentDisposition } from '../../ledgers/files/stored-files';
import { authorize, requireActor } from '../../lib/authorization';
import { eventsDeps } from '../events/event-access';
import { copyWeek, getRoster, printRosterWeek } from './roster.service';

/**
 * 'Cuadrante' (decision 045): who works when. It shows the company's people and their events and
 * leads to assigning them, so it needs both 'manage-events' and the people's data ('view-employees').
 */
const rosterGate = authorize({ roles: ['Supervisor', 'Administrador'], view: DATA_VIEWS.eventsAndPeople });

export async function rosterRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = eventsDeps(app);
  routes.get(
    '/roster',
    { schema: { tags: ['roster'], summary: 'Cuadrante: eventos, vacaciones y conflictos por persona y día', querystring: rosterQuerySchema, response: { 200: rosterResponseSchema } }, preHandler: rosterGate },
    async (request) => getRoster(deps, requireActor(request), request.query),
  );
  routes.get(
    '/roster/week.pdf',
    { schema: { tags: ['roster'], summary: 'Imprimir semana: el cuadrante de 7 días en PDF', querystring: rosterPdfQuerySchema }, preHandler: rosterGate },
    async (request, reply) => {
      const download = await printRosterWeek(deps, requireActor(request), request.query);
      // A download: never cached, never sniffed, always saved as a file (as the registro's).
      return reply
        .header('Content-Disposition', contentDisposition(download.fileName))
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .type('application/pdf')
        .send(Buffer.from(download.bytes));
    },
  );
  routes.post(
    '/roster/copy-week',
    {
      schema: {
        tags: ['roster'],
        summary: 'Copiar semana: las asignaciones de una semana, a los eventos iguales de la siguiente',
        body: copyWeekRequestSchema,
        response: { 200: copyWeekResponseSchema },
      },
      preHandler: rosterGate,
    },
    async (request) => copyWeek(deps, requireActor(request), request.body),
  );
}
