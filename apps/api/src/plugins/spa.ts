import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { defaultMessages } from '@jornada/shared/errors';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, text files
 * sent as their precompressed brotli or gzip copy when the browser takes it, and every
 * non-API GET that is not a file falls back to index.html so client routes survive a reload.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasWeb = existsSync(join(webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies of its text assets (apps/web/precompress.ts).
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: defaultMessages.NOT_FOUND } });
  });
}
