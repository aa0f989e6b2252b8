import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accessLinkSchema,
  accessLinksQuerySchema,
  accessLinksResponseSchema,
  accessLinkUsesResponseSchema,
  createAccessLinkRequestSchema,
  createAccessLinkResponseSchema,
} from '@jornada/shared/schemas/access-links';
import { idParamsSchema } from '@jornada/shared/schemas/common';
import { DATA_VIEWS } from '@jornada/shared/permissions';
import { authorize, requireActor } from '../../lib/authorization';
import { createAccessLink, listAccessLinks, listAccessLinkUses, revokeAccessLink } from './access-links.service';

const managers = ['Supervisor', 'Administrador'] as const;

/** 'Accesos de Inspección': links for the Labour Inspection and workers' representatives (decision 014). */
export async function accessLinkRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const tags = ['access-links'];
  // A link hands the company's records to a third party (decision 032).
  const preHandler = authorize({ roles: managers, view: DATA_VIEWS.records });

  routes.get(
    '/access-links',
    { schema: { tags, summary: 'Enlaces de acceso de Inspección', querystring: accessLinksQuerySchema, response: { 200: accessLinksResponseSchema } }, preHandler },
    async (request) => listAccessLinks(deps, requireActor(request), request.query),
  );

  routes.post(
    '/access-links',
    {
      schema: {
        tags,
        summary: 'Crear un enlace de acceso de solo lectura (el token se muestra una sola vez)',
        body: createAccessLinkRequestSchema,
        response: { 201: createAccessLinkResponseSchema },
      },
      preHandler,
    },
    async (request, reply) => {
      // The token is in this answer only: never cached by the browser or a proxy.
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send(await createAccessLink(deps, requireActor(request), request.body));
    },
  );

  routes.post(
    '/access-links/:id/revoke',
    { schema: { tags, summary: 'Revocar un enlace de acceso', params: idParamsSchema, response: { 200: accessLinkSchema } }, preHandler },
    async (request) => revokeAccessLink(deps, requireActor(request), request.params.id),
  );

  routes.get(
    '/access-links/:id/uses',
    { schema: { tags, summary: 'Usos de un enlace de acceso (fecha e IP)', params: idParamsSchema, response: { 200: accessLinkUsesResponseSchema } }, preHandler },
    async (request) => listAccessLinkUses(deps, requireActor(request), request.params.id),
  );
}
