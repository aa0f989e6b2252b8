import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicAccessQuerySchema, publicAccessResponseSchema } from '@jornada/shared/schemas/access-links';
import { downloadFormatSchema } from '@jornada/shared/schemas/registro';
import { z } from 'zod';
import { sendRegistroFile } from './registro-download';
import { downloadLink, viewLink } from './public-access.service';

// Checked in the service (unknown shape = 404 like an unknown token), so the schema only bounds it.
const tokenParamsSchema = z.object({ token: z.string().max(100) });

/**
 * The anonymous, read-only side of an access link: GET only, no session needed or used. Every answer
 * (errors too) is `no-store` and `no-referrer`, and the token is masked in the logs (lib/secret-urls).
 */
export async function publicAccessRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, timeZone: app.config.timeZone };
  const tags = ['public-access'];

  routes.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Robots-Tag', 'noindex, nofollow');
  });

  routes.get(
    '/public/access/:token',
    {
      schema: {
        tags,
        summary: 'Registro de jornada de un enlace de acceso (sin sesión, solo lectura)',
        params: tokenParamsSchema,
        querystring: publicAccessQuerySchema,
        response: { 200: publicAccessResponseSchema },
      },
    },
    async (request) => viewLink(deps, request.params.token, request.query, request.ip ?? null),
  );

  routes.get(
    '/public/access/:token/download',
    {
      schema: {
        tags,
        summary: 'Descargar el registro de jornada de un enlace de acceso en PDF o CSV',
        params: tokenParamsSchema,
        querystring: z.object({ format: downloadFormatSchema }),
      },
    },
    async (request, reply) => sendRegistroFile(reply, await downloadLink(deps, request.params.token, request.query.format, request.ip ?? null)),
  );
}
