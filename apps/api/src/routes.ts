import type { FastifyInstance } from 'fastify';
import { authRoutes } from './features/auth/auth.routes';
import { healthRoutes } from './features/health/health.routes';

/** Every feature's routes, mounted under /api. */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes);
}
