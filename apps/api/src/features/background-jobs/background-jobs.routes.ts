import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminJobSchema, jobIdParamsSchema, jobListQuerySchema, jobPageSchema } from '@jornada/shared/schemas/mail';
import { authorize } from '../../lib/authorization';
import { wakeJobRunners } from '../../jobs/job-queue';
import * as service from './background-jobs.service';

export async function backgroundJobRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const tags = ['jobs'];
  const adminOnly = authorize({ roles: ['Administrador'] });
  routes.get(
    '/admin/jobs',
    { schema: { tags, summary: 'Tareas fallidas (status=dead), de la más reciente a la más antigua', querystring: jobListQuerySchema, response: { 200: jobPageSchema } }, preHandler: adminOnly },
    async (request) => service.listDeadJobs(deps, request.query),
  );
  routes.post(
    '/admin/jobs/:id/retry',
    { schema: { tags, summary: 'Reintentar una tarea fallida', params: jobIdParamsSchema, response: { 200: adminJobSchema } }, preHandler: adminOnly },
    async (request) => {
      const job = await service.retryDeadJob(deps, request.params.id);
      wakeJobRunners();
      return job;
    },
  );
}
