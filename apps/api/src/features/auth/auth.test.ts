import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { IDLE_TIMEOUT_MS } from './session-policy';

let ctx: TestContext;
let company: { id: string; name: string };

beforeAll(async () => {
  ctx = await createTestContext();
  company = await ctx.factories.company('Vigilancia Norte');
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('login_attempts').execute();
});

const login = (username: string, password: string, extra: { ip?: string; cookie?: string } = {}) =>
  ctx.request({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: extra.ip, cookie: extra.cookie });

describe('POST /api/auth/login', () => {
  it('signs in with the exact username and password and returns the user and the profile', async () => {
    const employee = await ctx.factories.user({ role: 'Empleado', companyId: company.id, name: 'Juan Pérez' });
    const response = await login(employee.username, employee.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ id: employee.id, username: employee.username, role: 'Empleado', companyId: company.id, isDisabled: false });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.profile).toMatchObject({ role: 'Empleado', name: 'Juan Pérez', companyName: 'Vigilancia Norte' });
    expect(body.profile.grantedViews.sort()).toEqual(['my-documents', 'my-hours', 'my-signature', 'shifts', 'work-reports']);
    const cookie = response.cookies.find((c) => c.name === 'jornada_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores only a hash of the token and logs the sign-in', async () => {
    const employee = await ctx.factories.user({ role: 'Empleado', companyId: company.id, name: 'Ana Hash' });
    const response = await login(employee.username, employee.password);
    const token = response.cookies.find((c) => c.name === 'jornada_session')!.value;
    const sessions = await ctx.db.selectFrom('sessions').select('id').where('user_id', '=', employee.id).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.id).not.toContain(token);
    expect(sessions[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    const log = await ctx.db.selectFrom('action_log').selectAll().where('actor_id', '=', employee.id).execute();
    expect(log).toMatchObject([{ kind: 'login', message: 'Ana Hash ha iniciado sesión', company_id: company.id }]);
  });

  it('is case-sensitive and answers an unknown user exactly like a wrong password', async () => {
    const employee = await ctx.factories.user({ role: 'Empleado', companyId: company.id, username: 'Maria.Lopez' });
    const wrongPassword = await login(employee.username, 'Otra-Clave1!');
    const unknownUser = await login('nadie.existe', 'Otra-Clave1!');
    const wrongCase = await login('maria.lopez', employee.password);
    for (const response of [wrongPassword, unknownUser, wrongCase]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'Usuario o contraseña incorrectos.' } });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('refuses a disabled user without creating a session', async () => {
    const disabled = await ctx.factories.user({ role: 'Empleado', companyId: company.id, disabled: true });
    const response = await login(disabled.username, disabled.password);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('USER_DISABLED');
    const sessions = await ctx.db.selectFrom('sessions').select('id').where('user_id', '=', disabled.id).execute();
    expect(sessions).toHaveLength(0);
  });

  it('treats a deleted user as unknown', async () => {
    const deleted = await ctx.factories.user({ role: 'Empleado', companyId: company.id, deleted: true });
    const response = await login(deleted.username, deleted.password);
    expect(response.statusCode).toBe(401);
  });

  it('requires both fields, with Spanish messages', async () => {
    const response = await ctx.request({ method: 'POST', url: '/api/auth/login', payload: { username: '  ' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'VALIDATION_ERROR', message: 'El usuario es obligatorio.' });
  });

  it('stops an account from one address after 10 failures in 15 minutes, even with the right password', async () => {
    const target = await ctx.factories.user({ role: 'Supervisor', companyId: company.id });
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await login(target.username, `Mala-${attempt}!`, { ip: '10.0.0.1' })).statusCode).toBe(401);
    }
    const blocked = await login(target.username, target.password, { ip: '10.0.0.1' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe('Demasiados intentos fallidos. Espera 15 minutos antes de volver a intentarlo.');
    ctx.clock.advance(15 * 60 * 1000 + 1000);
    expect((await login(target.username, target.password, { ip: '10.0.0.1' })).statusCode).toBe(200);
  });

  it('does not lock the owner out from their address when someone fails 10+ times from another', async () => {
    const target = await ctx.factories.user({ role: 'Administrador' });
    for (let attempt = 1; attempt <= 12; attempt++) await login(target.username, `Mala-${attempt}!`, { ip: '10.9.9.9' });
    expect((await login(target.username, target.password, { ip: '10.9.9.9' })).statusCode).toBe(429);
    const owner = await login(target.username, target.password, { ip: '10.1.1.1' });
    expect(owner.statusCode).toBe(200);
    // The owner's success does not hand the attacker's address a fresh budget.
    expect((await login(target.username, target.password, { ip: '10.9.9.9' })).statusCode).toBe(429);
  });

  it('stops an IP after 10 failures across usernames', async () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      await login(`inventado${attempt}`, 'Nada-1234!', { ip: '192.0.2.77' });
    }
    const other = await ctx.factories.user({ role: 'Empleado', companyId: company.id });
    expect((await login(other.username, other.password, { ip: '192.0.2.77' })).statusCode).toBe(429);
    expect((await login(other.username, other.password, { ip: '192.0.2.78' })).statusCode).toBe(200);
  });

  it('issues a new token at every login and revokes the one presented', async () => {
    const user = await ctx.factories.user({ role: 'Empleado', companyId: company.id });
    const first = await ctx.login(user.username, user.password);
    const second = await login(user.username, user.password, { cookie: first });
    const secondCookie = `jornada_session=${second.cookies.find((c) => c.name === 'jornada_session')!.value}`;
    expect(secondCookie).not.toBe(first);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', cookie: first })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', cookie: secondCookie })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('answers /me with the session, and 401 when signed out', async () => {
    const supervisor = await ctx.factories.user({ role: 'Supervisor', companyId: company.id });
    const cookie = await ctx.login(supervisor.username, supervisor.password);
    const me = await ctx.request({ method: 'GET', url: '/api/auth/me', cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().profile.role).toBe('Supervisor');
    const anonymous = await ctx.request({ method: 'GET', url: '/api/auth/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses the old cookie after logout', async () => {
    const user = await ctx.factories.user({ role: 'Empleado', companyId: company.id });
    const cookie = await ctx.login(user.username, user.password);
    const logout = await ctx.request({ method: 'POST', url: '/api/auth/logout', cookie });
    expect(logout.statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(401);
  });

  it('refuses the cookie once the user is disabled', async () => {
    const user = await ctx.factories.user({ role: 'Empleado', companyId: company.id });
    const cookie = await ctx.login(user.username, user.password);
    await ctx.db.updateTable('users').set({ is_disabled: 1 }).where('id', '=', user.id).execute();
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(401);
  });

  it('expires after 12 idle hours, and activity keeps it alive', async () => {
    const user = await ctx.factories.user({ role: 'Empleado', companyId: company.id });
    const cookie = await ctx.login(user.username, user.password);
    ctx.clock.advance(IDLE_TIMEOUT_MS - 60_000);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(200);
    ctx.clock.advance(IDLE_TIMEOUT_MS - 60_000);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(200);
    ctx.clock.advance(IDLE_TIMEOUT_MS + 1000);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(401);
  });

  it('expires 7 days after sign-in however active', async () => {
    const user = await ctx.factories.user({ role: 'Empleado', companyId: company.id });
    const cookie = await ctx.login(user.username, user.password);
    for (let hour = 0; hour < 7 * 24; hour += 10) {
      ctx.clock.advance(10 * 60 * 60 * 1000);
      const status = (await ctx.request({ method: 'GET', url: '/api/auth/me', cookie })).statusCode;
      if (hour + 10 < 7 * 24) expect(status).toBe(200);
      else expect(status).toBe(401);
    }
  });
});
