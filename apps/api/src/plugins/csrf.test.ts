import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';

let ctx: TestContext;
let user: { username: string; password: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const company = await ctx.factories.company();
  user = await ctx.factories.user({ role: 'Empleado', companyId: company.id });
});
afterAll(() => ctx.close());

describe('CSRF guard', () => {
  it('refuses a cross-site form POST', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://malo.example' },
      payload: `username=${user.username}&password=${encodeURIComponent(user.password)}`,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'CSRF_REJECTED', message: 'Solicitud rechazada por seguridad.' } });
  });

  it('refuses JSON without the custom header', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: user.password } });
    expect(response.statusCode).toBe(403);
  });

  it('refuses the custom header with a non-JSON body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-requested-with': 'jornada', 'content-type': 'text/plain' },
      payload: JSON.stringify({ username: user.username, password: user.password }),
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a foreign Origin even with the header', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://malo.example' },
      payload: { username: user.username, password: user.password },
    });
    expect(response.statusCode).toBe(403);
    expect(await ctx.db.selectFrom('sessions').select('id').execute()).toHaveLength(0);
  });

  it('accepts our own requests, with or without a same-origin Origin', async () => {
    const sameOrigin = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
      payload: { username: user.username, password: user.password },
    });
    expect(sameOrigin.statusCode).toBe(200);
    const noOrigin = await ctx.request({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: user.password } });
    expect(noOrigin.statusCode).toBe(200);
  });

  it('lets GET through without the header', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
