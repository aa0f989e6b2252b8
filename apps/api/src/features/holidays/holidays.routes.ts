import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, okResponseSchema } from '@jornada/shared/schemas/common';
import {
  createHolidayRequestSchema,
  excludeNationalHolidayRequestSchema,
  holidaySchema,
  holidaysQuerySchema,
  holidayYearSchema,
  nationalHolidayParamsSchema,
} from '@jornada/shared/schemas/holidays';
import { authorize, requireActor } from '../../lib/authorization';
import * as service from './holidays.service';

const tags = ['holidays'];
/** As 'Normas de Jornada': the company's supervisors and the Administrador (no view of the matrix covers it). */
const managers = authorize({ roles: ['Supervisor', 'Administrador'] });

/** 'Calendario laboral' (issue 26 part 1). */
export async function holidayRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };

  routes.get(
    '/holidays',
    { schema: { tags, summary: 'Calendario laboral de un año', querystring: holidaysQuerySchema, response: { 200: holidayYearSchema } }, preHandler: managers },
    async (request) => service.getHolidayYear(deps, requireActor(request), request.query.year, request.query.companyId),
  );

  routes.post(
    '/holidays',
    { schema: { tags, summary: 'Añadir un festivo autonómico o local', body: createHolidayRequestSchema, response: { 201: holidaySchema } }, preHandler: managers },
    async (request, reply) => reply.code(201).send(await service.addHoliday(deps, requireActor(request), request.body)),
  );

  routes.delete(
    '/holidays/:id',
    { schema: { tags, summary: 'Quitar un festivo de la empresa', params: idParamsSchema, response: { 200: okResponseSchema } }, preHandler: managers },
    async (request) => {
      await service.removeHoliday(deps, requireActor(request), request.params.id);
      return { ok: true as const };
    },
  );

  routes.put(
    '/holidays/national/:date',
    {
      schema: {
        tags,
        summary: 'Indicar si un festivo nacional se celebra en la empresa',
        params: nationalHolidayParamsSchema,
        body: excludeNationalHolidayRequestSchema,
        response: { 200: holidaySchema },
      },
      preHandler: managers,
    },
    async (request) => service.setNationalExcluded(deps, requireActor(request), request.params.date, request.body),
  );
}
