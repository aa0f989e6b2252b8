import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createUnavailabilityRequestSchema, unavailabilityListSchema, unavailabilitySchema } from '@jornada/shared/schemas/availability';
import { idParamsSchema, okResponseSchema } from '@jornada/shared/schemas/common';
import { authorize, requireActor } from '../../lib/authorization';
import * as service from './availability.service';

const tags = ['availability'];
/** Who can be assigned to an event marks their own. */
const holders = authorize({ roles: ['Empleado', 'Supervisor'] });
/** A person's unavailability is the company's people data (decision 032): 'Empleados' guards it. */
const peopleManagers = authorize({ roles: ['Supervisor', 'Administrador'], view: 'view-employees' });

/** 'Mi Disponibilidad' (issue 27 item 5, decision 044). */
export async function availabilityRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, timeZone: app.config.timeZone };

  routes.get(
    '/my-unavailability',
    { schema: { tags, summary: 'Mis periodos de no disponibilidad', response: { 200: unavailabilityListSchema } }, preHandler: holders },
    async (request) => service.listMine(deps, requireActor(request)),
  );

  routes.post(
    '/my-unavailability',
    { schema: { tags, summary: 'Indicar cuándo no puedo trabajar (fechas o cada semana)', body: createUnavailabilityRequestSchema, response: { 201: unavailabilitySchema } }, preHandler: holders },
    async (request, reply) => reply.code(201).send(await service.createMine(deps, requireActor(request), request.body)),
  );

  routes.delete(
    '/my-unavailability/:id',
    { schema: { tags, summary: 'Quitar uno de mis periodos de no disponibilidad', params: idParamsSchema, response: { 200: okResponseSchema } }, preHandler: holders },
    async (request) => {
      await service.deleteMine(deps, requireActor(request), request.params.id);
      return { ok: true as const };
    },
  );

  routes.get(
    '/employees/:id/unavailability',
    { schema: { tags, summary: 'Cuándo no puede trabajar un empleado', params: idParamsSchema, response: { 200: unavailabilityListSchema } }, preHandler: peopleManagers },
    async (request) => service.listOfEmployee(deps, requireActor(request), request.params.id),
  );
}
