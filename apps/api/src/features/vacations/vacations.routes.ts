import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, okResponseSchema } from '@jornada/shared/schemas/common';
import {
  confirmVacationRequestSchema,
  myVacationsResponseSchema,
  ownVacationRequestSchema,
  supervisorVacationRequestSchema,
  vacationEmployeesResponseSchema,
  vacationListQuerySchema,
  vacationPageSchema,
  vacationSchema,
} from '@jornada/shared/schemas/vacations';
import { authorize, requireActor } from '../../lib/authorization';
import * as service from './vacations.service';

const managers = ['Supervisor', 'Administrador'] as const;

export async function vacationRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const tags = ['vacations'];

  routes.get(
    '/vacations',
    { schema: { tags, summary: 'Solicitudes de vacaciones de la empresa (pendientes o procesadas)', querystring: vacationListQuerySchema, response: { 200: vacationPageSchema } }, preHandler: authorize({ roles: managers, scope: 'vacaciones:leer' }) },
    async (request) => service.listVacations(deps, requireActor(request), request.query),
  );
  routes.get(
    '/vacations/employees',
    {
      schema: { tags, summary: 'Empleados para los que se pueden crear vacaciones', querystring: z.object({ companyId: z.string().max(100).optional() }), response: { 200: vacationEmployeesResponseSchema } },
      preHandler: authorize({ roles: managers }),
    },
    async (request) => service.vacationEmployees(deps, requireActor(request), request.query.companyId),
  );
  routes.post(
    '/vacations',
    { schema: { tags, summary: 'Crear vacaciones para un empleado', body: supervisorVacationRequestSchema, response: { 201: vacationSchema } }, preHandler: authorize({ roles: managers }) },
    async (request, reply) => reply.status(201).send(await service.createVacationForEmployee(deps, requireActor(request), request.body)),
  );
  routes.post(
    '/vacations/:id/approve',
    { schema: { tags, summary: 'Aprobar la solicitud de un empleado', params: idParamsSchema, response: { 200: vacationSchema } }, preHandler: authorize({ roles: managers }) },
    async (request) => service.answerAsSupervisor(deps, requireActor(request), request.params.id, 'confirmado'),
  );
  routes.post(
    '/vacations/:id/reject',
    { schema: { tags, summary: 'Rechazar la solicitud de un empleado', params: idParamsSchema, response: { 200: vacationSchema } }, preHandler: authorize({ roles: managers }) },
    async (request) => service.answerAsSupervisor(deps, requireActor(request), request.params.id, 'rechazado'),
  );
  routes.delete(
    '/vacations/:id',
    { schema: { tags, summary: 'Eliminar una solicitud procesada', params: idParamsSchema, response: { 200: okResponseSchema } }, preHandler: authorize({ roles: managers }) },
    async (request) => {
      await service.deleteVacation(deps, requireActor(request), request.params.id);
      return { ok: true as const };
    },
  );

  routes.get(
    '/my-vacations',
    { schema: { tags, summary: 'Mis solicitudes y días de vacaciones confirmados', response: { 200: myVacationsResponseSchema } }, preHandler: authorize({ scope: 'vacaciones:leer', roles: ['Empleado', 'Supervisor'] }), config: { viewerCache: { reads: ['vacation_requests', 'vacation_days', 'files'] } } },
    async (request) => service.myVacations(deps, requireActor(request)),
  );
  routes.post(
    '/my-vacations',
    { schema: { tags, summary: 'Solicitar vacaciones', body: ownVacationRequestSchema, response: { 201: vacationSchema } }, preHandler: authorize({ roles: ['Empleado'] }) },
    async (request, reply) => reply.status(201).send(await service.requestOwnVacation(deps, requireActor(request), request.body.dates)),
  );
  routes.post(
    '/my-vacations/:id/confirm',
    { schema: { tags, summary: 'Confirmar con firma las vacaciones propuestas', params: idParamsSchema, body: confirmVacationRequestSchema, response: { 200: vacationSchema } }, preHandler: authorize({ roles: ['Empleado'] }) },
    async (request) => service.answerAsEmployee(deps, requireActor(request), request.params.id, { status: 'confirmado', signature: request.body.signature }),
  );
  routes.post(
    '/my-vacations/:id/reject',
    { schema: { tags, summary: 'Rechazar las vacaciones propuestas', params: idParamsSchema, response: { 200: vacationSchema } }, preHandler: authorize({ roles: ['Empleado'] }) },
    async (request) => service.answerAsEmployee(deps, requireActor(request), request.params.id, { status: 'rechazado' }),
  );
}
