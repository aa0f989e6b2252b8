import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, okResponseSchema } from '@jornada/shared/schemas/common';
import {
  companyQuerySchema,
  createQualificationTypeRequestSchema,
  eventRequirementsSchema,
  expiringListSchema,
  qualificationListSchema,
  qualificationRequirementsSchema,
  qualificationSchema,
  qualificationTypeListSchema,
  qualificationTypeSchema,
  saveCategoryRequirementsRequestSchema,
  saveQualificationRequestSchema,
} from '@jornada/shared/schemas/qualifications';
import { authorize, requireActor } from '../../lib/authorization';
import { sendStoredFile } from '../../ledgers/files/stored-files';
import { readMultipartForm, registerUploads } from '../../ledgers/files/uploads';
import * as service from './qualifications.service';

const tags = ['qualifications'];
const managerRoles = ['Supervisor', 'Administrador'] as const;
/** The company's lists (types, what categories require): as 'Calendario laboral', its managers. */
const managers = authorize({ roles: managerRoles });
/** A person's qualifications are the company's people data (decision 032): 'Empleados' guards them. */
const peopleManagers = authorize({ roles: managerRoles, view: 'view-employees' });
const eventManagers = authorize({ roles: managerRoles, view: 'manage-events' });
/** `v` only makes a replaced photo a new address for the browser's cache. */
const fileQuerySchema = z.object({ v: z.string().max(100).optional() });

/** 'Titulaciones' and 'Caducidades' (issue 27 item 6, decision 042). */
export async function qualificationRoutes(app: FastifyInstance): Promise<void> {
  // The multipart parser only where a file is sent: elsewhere a multipart body stays a 415.
  await app.register(qualificationPhotoRoutes);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, timeZone: app.config.timeZone };

  routes.get(
    '/qualification-types',
    { schema: { tags, summary: 'Titulaciones de la empresa', querystring: companyQuerySchema, response: { 200: qualificationTypeListSchema } }, preHandler: managers },
    async (request) => service.listTypes(deps, requireActor(request), request.query.companyId),
  );

  routes.post(
    '/qualification-types',
    { schema: { tags, summary: 'Añadir una titulación a la lista de la empresa', body: createQualificationTypeRequestSchema, response: { 201: qualificationTypeSchema } }, preHandler: managers },
    async (request, reply) => reply.code(201).send(await service.createType(deps, requireActor(request), request.body)),
  );

  routes.delete(
    '/qualification-types/:id',
    { schema: { tags, summary: 'Eliminar una titulación que nadie tiene', params: idParamsSchema, response: { 200: okResponseSchema } }, preHandler: managers },
    async (request) => {
      await service.deleteType(deps, requireActor(request), request.params.id);
      return { ok: true as const };
    },
  );

  routes.get(
    '/qualification-requirements',
    { schema: { tags, summary: 'Titulaciones requeridas por categoría', querystring: companyQuerySchema, response: { 200: qualificationRequirementsSchema } }, preHandler: managers },
    async (request) => service.getRequirements(deps, requireActor(request), request.query.companyId),
  );

  routes.put(
    '/qualification-requirements/categories/:id',
    {
      schema: {
        tags,
        summary: 'Fijar las titulaciones requeridas por una categoría (y si piden foto)',
        params: idParamsSchema,
        body: saveCategoryRequirementsRequestSchema,
        response: { 200: qualificationRequirementsSchema },
      },
      preHandler: managers,
    },
    async (request) => service.saveCategoryRequirements(deps, requireActor(request), request.params.id, request.body),
  );

  routes.get(
    '/events/:id/qualification-requirements',
    { schema: { tags, summary: 'Titulaciones requeridas por un evento', params: idParamsSchema, response: { 200: eventRequirementsSchema } }, preHandler: eventManagers },
    async (request) => service.getEventRequirements(deps, requireActor(request), request.params.id),
  );

  routes.get(
    '/employees/:id/qualifications',
    { schema: { tags, summary: 'Titulaciones de un empleado', params: idParamsSchema, response: { 200: qualificationListSchema } }, preHandler: peopleManagers },
    async (request) => service.listEmployeeQualifications(deps, requireActor(request), request.params.id),
  );

  routes.post(
    '/employees/:id/qualifications',
    {
      schema: { tags, summary: 'Añadir una titulación a un empleado', params: idParamsSchema, body: saveQualificationRequestSchema, response: { 201: qualificationSchema } },
      preHandler: peopleManagers,
    },
    async (request, reply) => reply.code(201).send(await service.addQualification(deps, requireActor(request), request.params.id, request.body)),
  );

  routes.put(
    '/qualifications/:id',
    { schema: { tags, summary: 'Editar una titulación de un empleado', params: idParamsSchema, body: saveQualificationRequestSchema, response: { 200: qualificationSchema } }, preHandler: peopleManagers },
    async (request) => service.updateQualification(deps, requireActor(request), request.params.id, request.body),
  );

  routes.delete(
    '/qualifications/:id',
    { schema: { tags, summary: 'Eliminar una titulación de un empleado', params: idParamsSchema, response: { 200: okResponseSchema } }, preHandler: peopleManagers },
    async (request) => {
      await service.deleteQualification(deps, requireActor(request), request.params.id);
      return { ok: true as const };
    },
  );

  routes.get(
    '/qualifications/:id/photo',
    { schema: { tags, summary: 'La foto del documento (a sus supervisores y a su titular)', params: idParamsSchema, querystring: fileQuerySchema }, preHandler: authorize() },
    async (request, reply) => sendStoredFile(request, reply, await service.getQualificationPhoto(deps, requireActor(request), request.params.id)),
  );

  routes.get(
    '/my-qualifications',
    { schema: { tags, summary: 'Mis titulaciones', response: { 200: qualificationListSchema } }, preHandler: authorize({ roles: ['Empleado', 'Supervisor'], view: 'my-documents' }) },
    async (request) => service.listMyQualifications(deps, requireActor(request)),
  );

  routes.get(
    '/qualifications/expiring',
    { schema: { tags, summary: 'Caducidades: titulaciones caducadas o que caducan en 60 días', querystring: companyQuerySchema, response: { 200: expiringListSchema } }, preHandler: peopleManagers },
    async (request) => service.listExpiring(deps, requireActor(request), request.query.companyId),
  );
}

/** The photo upload, in its own scope with the multipart parser. */
async function qualificationPhotoRoutes(app: FastifyInstance): Promise<void> {
  await registerUploads(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, timeZone: app.config.timeZone };

  routes.put(
    '/qualifications/:id/photo',
    {
      schema: {
        tags,
        summary: 'Subir la foto del documento (multipart: un archivo «file», JPEG, PNG o WebP, hasta 10 MB)',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: qualificationSchema },
      },
      preHandler: peopleManagers,
    },
    async (request) => service.saveQualificationPhoto(deps, requireActor(request), request.params.id, () => readMultipartForm(request, { fileField: 'file', maxFiles: 1 })),
  );
}
