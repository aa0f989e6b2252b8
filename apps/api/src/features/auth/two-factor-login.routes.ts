import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionResponseSchema } from '@jornada/shared/schemas/auth';
import { enrolledSessionSchema, pendingConfirmRequestSchema, pendingEnrolmentRequestSchema, twoFactorSetupSchema, twoFactorVerifyRequestSchema } from '@jornada/shared/schemas/two-factor';
import type { AuthDeps } from './auth.service';
import { SESSION_COOKIE, setDeviceCookie, setSessionCookie } from './session-policy';
import { confirmPendingEnrolment, startPendingEnrolment, verifyPendingLogin } from './two-factor-login';

/**
 * The second step of a sign-in (decision 055). Public like /auth/login: the pending token from the
 * password step is the only authority, and a session exists only after these succeed.
 */
export async function twoFactorLoginRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/auth/two-factor/verify',
    {
      schema: { tags: ['auth'], summary: 'Segundo paso del inicio de sesión: código de verificación o de recuperación', body: twoFactorVerifyRequestSchema, response: { 200: sessionResponseSchema } },
    },
    async (request, reply) => {
      const result = await verifyPendingLogin(deps, {
        pendingToken: request.body.pendingToken,
        code: request.body.code,
        rememberDevice: request.body.rememberDevice,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        previousToken: request.cookies[SESSION_COOKIE],
      });
      setSessionCookie(app, reply, result.token);
      if (result.deviceToken) setDeviceCookie(app, reply, result.deviceToken);
      return result.session;
    },
  );

  routes.post(
    '/auth/two-factor/enrol',
    { schema: { tags: ['auth'], summary: 'Configuración obligatoria de la verificación en dos pasos: clave para el código QR', body: pendingEnrolmentRequestSchema, response: { 200: twoFactorSetupSchema } } },
    async (request) => startPendingEnrolment(deps, request.body.pendingToken),
  );

  routes.post(
    '/auth/two-factor/enrol/confirm',
    {
      schema: { tags: ['auth'], summary: 'Confirmar la configuración obligatoria e iniciar sesión (devuelve los códigos de recuperación una vez)', body: pendingConfirmRequestSchema, response: { 200: enrolledSessionSchema } },
    },
    async (request, reply) => {
      const result = await confirmPendingEnrolment(deps, {
        pendingToken: request.body.pendingToken,
        code: request.body.code,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        previousToken: request.cookies[SESSION_COOKIE],
      });
      setSessionCookie(app, reply, result.token);
      return { ...result.session, recoveryCodes: result.recoveryCodes };
    },
  );
}
