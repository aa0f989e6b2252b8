import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, okResponseSchema } from '@jornada/shared/schemas/common';
import {
  companyAssignmentsRequestSchema,
  companyListResponseSchema,
  companyRequestSchema,
  companySchema,
  deleteCompanyRequestSchema,
} from '@jornada/shared/schemas/companies';
import { authorize, requireActor } from '../../lib/authorization';
import * as service from './companies.service';

const adminOnly = authorize({ roles: ['Administrador'] });

export async function companyRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };

  routes.get(
    '/companies',
    {
      schema: { tags: ['companies'], summary: 'Listar empresas (el administrador ve todas; los demás, la suya)', response: { 200: companyListResponseSchema } },
      preHandler: authorize(),
    },
    async (request) => service.listCompanies(deps, requireActor(request)),
  );

  routes.get(
    '/companies/:id',
    {
      schema: { tags: ['companies'], summary: 'Ver una empresa', params: idParamsSchema, response: { 200: companySchema } },
      preHandler: authorize(),
    },
    async (request) => service.getCompany(deps, requireActor(request), request.params.id),
  );

  routes.post(
    '/companies',
    {
      schema: { tags: ['companies'], summary: 'Crear una empresa', body: companyRequestSchema, response: { 201: companySchema } },
      preHandler: adminOnly,
    },
    async (request, reply) => reply.code(201).send(await service.createCompany(deps, requireActor(request), request.body)),
  );

  routes.put(
    '/companies/:id',
    {
      schema: { tags: ['companies'], summary: 'Renombrar una empresa', params: idParamsSchema, body: companyRequestSchema, response: { 200: companySchema } },
      preHandler: adminOnly,
    },
    async (request) => service.renameCompany(deps, requireActor(request), request.params.id, request.body),
  );

  routes.delete(
    '/companies/:id',
    {
      schema: {
        tags: ['companies'],
        summary: 'Eliminar una empresa y todo lo suyo (se confirma escribiendo su nombre)',
        params: idParamsSchema,
        body: deleteCompanyRequestSchema,
        response: { 200: okResponseSchema },
      },
      preHandler: adminOnly,
    },
    async (request) => {
      await service.deleteCompany(deps, requireActor(request), request.params.id, request.body);
      return { ok: true as const };
    },
  );

  routes.put(
    '/companies/:id/assignments',
    {
      schema: {
        tags: ['companies'],
        summary: 'Asignar roles y categorías a una empresa',
        params: idParamsSchema,
        body: companyAssignmentsRequestSchema,
        response: { 200: companySchema },
      },
      preHandler: adminOnly,
    },
    async (request) => service.saveCompanyAssignments(deps, requireActor(request), request.params.id, request.body),
  );
}
