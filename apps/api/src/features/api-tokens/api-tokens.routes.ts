import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, okResponseSchema } from '@jornada/shared/schemas/common';
import { apiTokensResponseSchema, createApiTokenRequestSchema, createApiTokenResponseSchema } from '@jornada/shared/schemas/api-tokens';
import { authorize, requireActor } from '../../lib/authorization';
import { createApiToken, listApiTokens, revokeUserApiToken } from './api-tokens.service';

/**
 * 'Tokens de API' (issue 28 item 4, decision 054): each user's own tokens, for any role. No token
 * scope: a token never makes, lists or revokes tokens, only its user's session does.
 */
export async function apiTokenRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const tags = ['api-tokens'];
  const preHandler = authorize();

  routes.get('/api-tokens', { schema: { tags, summary: 'Mis tokens de API', response: { 200: apiTokensResponseSchema } }, preHandler }, async (request) => ({
    items: await listApiTokens(deps, requireActor(request)),
  }));

  routes.post(
    '/api-tokens',
    { schema: { tags, summary: 'Crear un token de API (se muestra una sola vez)', body: createApiTokenRequestSchema, response: { 201: createApiTokenResponseSchema } }, preHandler },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send(await createApiToken(deps, requireActor(request), request.body));
    },
  );

  routes.post('/api-tokens/:id/revoke', { schema: { tags, summary: 'Revocar un token de API', params: idParamsSchema, response: { 200: okResponseSchema } }, preHandler }, async (request) => {
    await revokeUserApiToken(deps, requireActor(request), request.params.id);
    return { ok: true as const };
  });
}
