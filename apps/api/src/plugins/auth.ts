import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { GrantableView } from '@jornada/shared/permissions';
import type { Actor } from '../lib/authorization';
import { resolveActor } from '../features/auth/auth.service';
import { SESSION_COOKIE } from '../features/auth/session-policy';
import { isViewGrantedTo } from '../features/users/users.repository';

/** Resolves `request.actor` from the session cookie for every /api request. */
export async function registerAuth(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie);
  app.decorateRequest('actor', null);
  app.decorate('permissions', {
    isViewGranted: async (actor: Actor, view: GrantableView) =>
      actor.role === 'Administrador' || (actor.companyId !== null && (await isViewGrantedTo(app.db, actor.companyId, actor.roleId, view))),
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    request.actor = await resolveActor({ db: app.db, clock: app.clock }, token);
    if (!request.actor) reply.clearCookie(SESSION_COOKIE, { path: '/' });
  });
}
