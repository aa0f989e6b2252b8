import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginRequestSchema, sessionResponseSchema, type SessionResponse } from '@jornada/shared/schemas/auth';
import { loginResponseSchema } from '@jornada/shared/schemas/two-factor';
import { okResponseSchema } from '@jornada/shared/schemas/common';
import { authorize, requireActor } from '../../lib/authorization';
import { buildSessionResponse, login, logout } from './auth.service';
import { DEVICE_COOKIE, SESSION_COOKIE, setSessionCookie } from './session-policy';
import { twoFactorLoginRoutes } from './two-factor-login.routes';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, cache: app.authCache, twoFactorAdminRequired: app.config.twoFactorAdminRequired };

  routes.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Iniciar sesión con usuario y contraseña',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await login(deps, {
        username: request.body.username,
        password: request.body.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        previousToken: request.cookies[SESSION_COOKIE],
        deviceToken: request.cookies[DEVICE_COOKIE],
      });
      if (result.kind === 'two-factor') return result.challenge;
      setSessionCookie(app, reply, result.token);
      return result.session;
    },
  );

  await twoFactorLoginRoutes(app, deps);

  routes.post(
    '/auth/logout',
    { schema: { tags: ['auth'], summary: 'Cerrar sesión', response: { 200: okResponseSchema } } },
    async (request, reply) => {
      await logout(deps, request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { ok: true as const };
    },
  );

  // The answer a cached profile serializes to, kept beside it and encoded once: `/me` is asked on every visit.
  const serialized = new WeakMap<SessionResponse, Buffer>();
  routes.get(
    '/auth/me',
    {
      schema: { tags: ['auth'], summary: 'Sesión actual', response: { 200: sessionResponseSchema } },
      preHandler: authorize({ scope: 'perfil:leer' }),
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const session = await buildSessionResponse({ db: app.db, cache: app.authCache, identity: app.identityCache }, actor.userId, actor.identityVersion);
      let body = serialized.get(session);
      if (body === undefined) {
        // What the route's serializer would write (the schema drops anything it does not declare).
        body = Buffer.from(JSON.stringify(sessionResponseSchema.parse(session)));
        serialized.set(session, body);
      }
      // Bytes with their content type are sent as they are (Fastify skips the serializer); the
      // type provider only knows the object form.
      return reply.type('application/json; charset=utf-8').send(body as unknown as SessionResponse);
    },
  );
}
