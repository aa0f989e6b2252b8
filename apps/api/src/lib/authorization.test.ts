import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestContext, type TestContext } from '../test/test-app';
import { withholdView } from '../test/worlds';
import { authorize, requireActor, scopeOf } from './authorization';

let ctx: TestContext;
const cookies: Record<string, string> = {};
let companyId: string;

/** Probe routes exercising the authorization core the way feature routes use it. */
function registerProbes(app: FastifyInstance) {
  app.register(async (scoped) => {
    scoped.get('/api/probe/supervisors', { preHandler: authorize({ roles: ['Supervisor', 'Administrador'] }) }, async (request) => ({
      scope: scopeOf(requireActor(request)),
    }));
    scoped.get('/api/probe/time-log', { preHandler: authorize({ roles: ['Supervisor', 'Administrador'], view: 'time-log' }) }, async () => ({ ok: true }));
    scoped.get('/api/probe/anyone', { preHandler: authorize() }, async () => ({ ok: true }));
  });
}

beforeAll(async () => {
  ctx = await createTestContext({ beforeReady: registerProbes });
  companyId = (await ctx.factories.company()).id;
  for (const role of ['Administrador', 'Supervisor', 'Empleado'] as const) {
    const user = await ctx.factories.user({ role, companyId });
    cookies[role] = await ctx.login(user.username, user.password);
  }
});
afterAll(() => ctx.close());

describe('authorize()', () => {
  it('answers 401 to an anonymous request', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/probe/anyone' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Debes iniciar sesión para continuar.' } });
  });

  it('answers 403 to a role that may not call the route', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/probe/supervisors', cookie: cookies.Empleado });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
  });

  it('gives the company scope to a supervisor and all companies to an admin', async () => {
    const supervisor = await ctx.request({ method: 'GET', url: '/api/probe/supervisors', cookie: cookies.Supervisor });
    expect(supervisor.json()).toEqual({ scope: { kind: 'company', companyId } });
    const admin = await ctx.request({ method: 'GET', url: '/api/probe/supervisors', cookie: cookies.Administrador });
    expect(admin.json()).toEqual({ scope: { kind: 'all' } });
  });

  it('answers 403 when the company withdraws the view from the role, and never limits the admin', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/probe/time-log', cookie: cookies.Supervisor })).statusCode).toBe(200);
    await withholdView(ctx, companyId, 'Supervisor', 'time-log');
    const withdrawn = await ctx.request({ method: 'GET', url: '/api/probe/time-log', cookie: cookies.Supervisor });
    expect(withdrawn.statusCode).toBe(403);
    expect(withdrawn.json().error.message).toBe('Tu empresa no te ha concedido acceso a esta sección.');
    expect((await ctx.request({ method: 'GET', url: '/api/probe/time-log', cookie: cookies.Administrador })).statusCode).toBe(200);
  });
});
