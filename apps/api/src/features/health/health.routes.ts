import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@jornada/shared/schemas/health';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    { schema: { tags: ['health'], summary: 'Estado del servicio', response: { 200: healthResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );
}
