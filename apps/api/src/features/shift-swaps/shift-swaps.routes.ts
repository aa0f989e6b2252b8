import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@jornada/shared/schemas/common';
import {
  companySwapsQuerySchema,
  createShiftSwapRequestSchema,
  mySwapsSchema,
  shiftSwapListSchema,
  shiftSwapSchema,
  swapOptionsQuerySchema,
  swapOptionsSchema,
} from '@jornada/shared/schemas/shift-swaps';
import { authorize, requireActor } from '../../lib/authorization';
import { eventsDeps } from '../events/event-access';
import { cancelSwap, createSwap, decideSwap, getSwapOptions, listCompanySwaps, listMySwaps, takeSwap } from './shift-swaps.service';

const tags = ['shift-swaps'];

/** Decision 052: the people's own shifts ('Mis Turnos'), and the supervisors' approval ('Gestionar Eventos'). */
export async function shiftSwapsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = eventsDeps(app);
  const ownShifts = authorize({ roles: ['Empleado', 'Supervisor'], view: 'shifts' });
  const manage = authorize({ roles: ['Supervisor', 'Administrador'], view: 'manage-events' });

  routes.get(
    '/shift-swaps/options',
    { schema: { tags, summary: 'Mis turnos: compañeros que pueden hacer un turno y turnos por los que cambiarlo', querystring: swapOptionsQuerySchema, response: { 200: swapOptionsSchema } }, preHandler: ownShifts },
    async (request) => getSwapOptions(deps, requireActor(request), request.query.eventId),
  );
  routes.get(
    '/shift-swaps/mine',
    { schema: { tags, summary: 'Mis turnos: mis ofrecimientos y cambios, y los que puedo aceptar', response: { 200: mySwapsSchema } }, preHandler: ownShifts },
    async (request) => listMySwaps(deps, requireActor(request)),
  );
  routes.post(
    '/shift-swaps',
    { schema: { tags, summary: 'Ofrecer un turno o proponer un cambio', body: createShiftSwapRequestSchema, response: { 201: shiftSwapSchema } }, preHandler: ownShifts },
    async (request, reply) => reply.status(201).send(await createSwap(deps, requireActor(request), request.body)),
  );
  routes.post(
    '/shift-swaps/:id/take',
    { schema: { tags, summary: 'Aceptar un turno ofrecido o un cambio propuesto', params: idParamsSchema, response: { 200: shiftSwapSchema } }, preHandler: ownShifts },
    async (request) => takeSwap(deps, requireActor(request), request.params.id),
  );
  routes.post(
    '/shift-swaps/:id/cancel',
    { schema: { tags, summary: 'Retirar mi ofrecimiento o propuesta', params: idParamsSchema, response: { 200: shiftSwapSchema } }, preHandler: ownShifts },
    async (request) => cancelSwap(deps, requireActor(request), request.params.id),
  );
  routes.get(
    '/shift-swaps',
    { schema: { tags, summary: 'Cambios de turno de la empresa', querystring: companySwapsQuerySchema, response: { 200: shiftSwapListSchema } }, preHandler: manage },
    async (request) => listCompanySwaps(deps, requireActor(request), request.query.companyId),
  );
  routes.post(
    '/shift-swaps/:id/approve',
    { schema: { tags, summary: 'Aprobar un cambio de turno (se aplica en ambos turnos)', params: idParamsSchema, response: { 200: shiftSwapSchema } }, preHandler: manage },
    async (request) => decideSwap(deps, requireActor(request), request.params.id, true),
  );
  routes.post(
    '/shift-swaps/:id/reject',
    { schema: { tags, summary: 'Rechazar un cambio de turno', params: idParamsSchema, response: { 200: shiftSwapSchema } }, preHandler: manage },
    async (request) => decideSwap(deps, requireActor(request), request.params.id, false),
  );
}
