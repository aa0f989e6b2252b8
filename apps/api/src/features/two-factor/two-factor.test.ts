import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { lastAction } from '../../test/last-action';
import { signInAs } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-app';
import { hotp, totpAt, totpStep } from './totp';

const STEP_MS = 30_000;
const DAY_MS = 86_400_000;

interface Person {
  id: string;
  username: string;
  password: string;
  name: string;
}

function helpers(ctx: () => TestContext) {
  const login = (user: Pick<Person, 'username' | 'password'>, extra: { cookie?: string; ip?: string } = {}) =>
    ctx().request({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: user.password }, cookie: extra.cookie, remoteAddress: extra.ip });
  const verify = (pendingToken: string, code: string, extra: { rememberDevice?: boolean; ip?: string } = {}) =>
    ctx().request({ method: 'POST', url: '/api/auth/two-factor/verify', payload: { pendingToken, code, rememberDevice: extra.rememberDevice ?? false }, remoteAddress: extra.ip });
  const sessionCookie = (response: LightMyRequestResponse) => {
    const cookie = response.cookies.find((c) => c.name === 'jornada_session');
    return cookie ? `jornada_session=${cookie.value}` : undefined;
  };
  /** Enrols a signed-in user from Mi Cuenta; returns the secret and the recovery codes. */
  const enrol = async (cookie: string) => {
    const setup = await ctx().request({ method: 'POST', url: '/api/account/two-factor/setup', cookie });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const confirm = await ctx().request({ method: 'POST', url: '/api/account/two-factor/confirm', cookie, payload: { code: totpAt(secret, ctx().clock()) } });
    expect(confirm.statusCode).toBe(200);
    // The step just used is spent: the next code comes from a later step.
    ctx().clock.advance(STEP_MS);
    return { secret, recoveryCodes: (confirm.json() as { recoveryCodes: string[] }).recoveryCodes };
  };
  const sessionsOf = async (userId: string) => Number((await ctx().db.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
  /** Password step: the challenge's pending token (asserting no session is set). */
  const passwordStep = async (user: Person, expectedStep: 'verify' | 'enrol' = 'verify', extra: { cookie?: string; ip?: string } = {}) => {
    const response = await login(user, extra);
    expect(response.statusCode, response.body).toBe(200);
    expect(sessionCookie(response)).toBeUndefined();
    const body = response.json() as { twoFactor: { step: string; pendingToken: string }; user?: unknown };
    expect(body.user).toBeUndefined();
    expect(body.twoFactor.step).toBe(expectedStep);
    return body.twoFactor.pendingToken;
  };
  return { login, verify, sessionCookie, enrol, sessionsOf, passwordStep };
}

describe('two-factor sign-in (TOTP, recovery codes, remembered devices)', () => {
  let ctx: TestContext;
  let companyId: string;
  let otherCompanyId: string;
  const h = helpers(() => ctx);

  beforeAll(async () => {
    ctx = await createTestContext();
    companyId = (await ctx.factories.company('Vigilancia Norte')).id;
    otherCompanyId = (await ctx.factories.company('Eventos Sur')).id;
  });
  afterAll(() => ctx.close());

  it('computes the RFC 6238 test vector (SHA-1, 8 digits truncated to the last 6)', () => {
    // RFC 6238 appendix B, T = 59 s: 94287082 with the ASCII key "12345678901234567890".
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(hotp(secret, totpStep(new Date(59_000)))).toBe('287082');
    expect(hotp(secret, totpStep(new Date(1_111_111_109_000)))).toBe('081804');
  });

  it('enrols from Mi Cuenta: a wrong code is refused, the right one turns it on with 10 hashed recovery codes, logged', async () => {
    const user = await signInAs(ctx, 'Empleado', companyId, { name: 'Lucía Gómez' });
    const status = await ctx.request({ method: 'GET', url: '/api/account/two-factor', cookie: user.cookie });
    expect(status.json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const setup = await ctx.request({ method: 'POST', url: '/api/account/two-factor/setup', cookie: user.cookie });
    const { secret, otpauthUri } = setup.json() as { secret: string; otpauthUri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(`otpauth://totp/Jornada%3A${encodeURIComponent(user.username)}?secret=${secret}&issuer=Jornada&algorithm=SHA1&digits=6&period=30`);
    const wrong = await ctx.request({ method: 'POST', url: '/api/account/two-factor/confirm', cookie: user.cookie, payload: { code: hotp(secret, totpStep(ctx.clock()) + 5) } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toMatch(/El código no coincide/);
    const malformed = await ctx.request({ method: 'POST', url: '/api/account/two-factor/confirm', cookie: user.cookie, payload: { code: '12ab' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe('Introduce el código de 6 dígitos de tu aplicación.');
    const confirm = await ctx.request({ method: 'POST', url: '/api/account/two-factor/confirm', cookie: user.cookie, payload: { code: totpAt(secret, ctx.clock()) } });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await ctx.db.selectFrom('two_factor_recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(recoveryCodes.some((code) => row.code_hash.includes(code.replace('-', '')))).toBe(false);
    expect((await ctx.request({ method: 'GET', url: '/api/account/two-factor', cookie: user.cookie })).json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expect(await lastAction(ctx, 'two-factor.enable')).toMatchObject({ actor_id: user.id, company_id: companyId, message: 'Lucía Gómez ha activado la verificación en dos pasos' });
    // Enabled already: a second setup would replace the secret behind the user's back.
    expect((await ctx.request({ method: 'POST', url: '/api/account/two-factor/setup', cookie: user.cookie })).statusCode).toBe(409);
  });

  it('opens no session before the second factor; the pending token is no session and expires', async () => {
    const user = await signInAs(ctx, 'Empleado', companyId);
    const { secret } = await h.enrol(user.cookie);
    await ctx.request({ method: 'POST', url: '/api/auth/logout', cookie: user.cookie });
    expect(await h.sessionsOf(user.id)).toBe(0);
    const pendingToken = await h.passwordStep(user);
    expect(await h.sessionsOf(user.id)).toBe(0);
    // The pending token is not a session cookie, and not a forced-enrolment token either.
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', cookie: `jornada_session=${pendingToken}` })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'POST', url: '/api/auth/two-factor/enrol', payload: { pendingToken } })).statusCode).toBe(401);
    const wrong = await h.verify(pendingToken, hotp(secret, totpStep(ctx.clock()) + 3));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual({ code: 'INVALID_CODE', message: 'El código de verificación no es correcto o ya se ha usado.' });
    expect(await h.sessionsOf(user.id)).toBe(0);
    const right = await h.verify(pendingToken, totpAt(secret, ctx.clock()));
    expect(right.statusCode).toBe(200);
    expect(right.json().user.id).toBe(user.id);
    const cookie = h.sessionCookie(right)!;
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(200);
    expect(await lastAction(ctx, 'login')).toMatchObject({ actor_id: user.id });
    // Used once.
    ctx.clock.advance(STEP_MS);
    expect((await h.verify(pendingToken, totpAt(secret, ctx.clock()))).json().error.code).toBe('LOGIN_EXPIRED');
    // Ten minutes to type the code.
    const late = await h.passwordStep(user);
    ctx.clock.advance(10 * 60_000 + 1000);
    const expired = await h.verify(late, totpAt(secret, ctx.clock()));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toBe('El inicio de sesión ha caducado. Vuelve a introducir tu usuario y contraseña.');
  });

  it('accepts codes one step either side of now, not two; at the exact edges of a step', async () => {
    const user = await signInAs(ctx, 'Supervisor', companyId);
    const { secret } = await h.enrol(user.cookie);
    const attempt = async (offsetSteps: number) => {
      ctx.clock.advance(10 * STEP_MS);
      const pendingToken = await h.passwordStep(user);
      return (await h.verify(pendingToken, hotp(secret, totpStep(ctx.clock()) + offsetSteps))).statusCode;
    };
    // Put the clock on the first millisecond of a step, then on its last.
    const alignToStepStart = () => ctx.clock.set(new Date((totpStep(ctx.clock()) + 20) * STEP_MS));
    alignToStepStart();
    expect(await attempt(-1)).toBe(200);
    expect(await attempt(+1)).toBe(200);
    expect(await attempt(-2)).toBe(401);
    expect(await attempt(+2)).toBe(401);
    alignToStepStart();
    ctx.clock.advance(STEP_MS - 1);
    expect(await attempt(0)).toBe(200);
    // The last millisecond of step s: the code of s + 1 is inside the window, s + 2 is not.
    ctx.clock.set(new Date((totpStep(ctx.clock()) + 20) * STEP_MS - 1));
    const edge = await h.passwordStep(user);
    expect((await h.verify(edge, hotp(secret, totpStep(ctx.clock()) + 2))).statusCode).toBe(401);
    expect((await h.verify(edge, hotp(secret, totpStep(ctx.clock()) + 1))).statusCode).toBe(200);
  });

  it('refuses the same code twice (replay), also inside its window, and an older one after a newer', async () => {
    const user = await signInAs(ctx, 'Empleado', companyId);
    const { secret } = await h.enrol(user.cookie);
    const code = totpAt(secret, ctx.clock());
    expect((await h.verify(await h.passwordStep(user), code)).statusCode).toBe(200);
    const again = await h.verify(await h.passwordStep(user), code);
    expect(again.statusCode).toBe(401);
    ctx.clock.advance(STEP_MS);
    // The previous step's code is within the window, but older than the one used.
    expect((await h.verify(await h.passwordStep(user), hotp(secret, totpStep(ctx.clock()) - 2))).statusCode).toBe(401);
    expect((await h.verify(await h.passwordStep(user), totpAt(secret, ctx.clock()))).statusCode).toBe(200);
  });

  it('accepts each recovery code once (any case, spaces or dashes), logs its use', async () => {
    const user = await signInAs(ctx, 'Empleado', companyId, { name: 'Pedro Ruiz' });
    const { recoveryCodes } = await h.enrol(user.cookie);
    const [first, second] = recoveryCodes as [string, string];
    expect((await h.verify(await h.passwordStep(user), first)).statusCode).toBe(200);
    expect(await lastAction(ctx, 'two-factor.recovery')).toMatchObject({ actor_id: user.id, message: 'Pedro Ruiz ha usado un código de recuperación para iniciar sesión (quedan 9)' });
    expect((await h.verify(await h.passwordStep(user), first)).statusCode).toBe(401);
    expect((await h.verify(await h.passwordStep(user), ` ${second.toUpperCase().replace('-', ' ')} `)).statusCode).toBe(200);
    const status = await ctx.request({ method: 'GET', url: '/api/account/two-factor', cookie: user.cookie });
    expect(status.json().recoveryCodesLeft).toBe(8);
    // Another user's codes are not this user's.
    const other = await signInAs(ctx, 'Empleado', companyId);
    await h.enrol(other.cookie);
    expect((await h.verify(await h.passwordStep(other), recoveryCodes[2]!)).statusCode).toBe(401);
  });

  it('throttles wrong codes like wrong passwords (10 from one address, then 429)', async () => {
    const user = await signInAs(ctx, 'Empleado', companyId);
    const { secret } = await h.enrol(user.cookie);
    const pendingToken = await h.passwordStep(user, 'verify', { ip: '10.7.7.7' });
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await h.verify(pendingToken, '000000', { ip: '10.7.7.7' })).statusCode).toBe(401);
    }
    const blocked = await h.verify(pendingToken, totpAt(secret, ctx.clock()), { ip: '10.7.7.7' });
    expect(blocked.statusCode).toBe(429);
    // The password step is blocked for that address too: no fresh set of guesses.
    expect((await h.login(user, { ip: '10.7.7.7' })).statusCode).toBe(429);
    expect(await h.sessionsOf(user.id)).toBe(1);
  });

  it('remembers a device for 30 days and not after; never for another user', async () => {
    const user = await signInAs(ctx, 'Empleado', companyId);
    const { secret } = await h.enrol(user.cookie);
    const verified = await h.verify(await h.passwordStep(user), totpAt(secret, ctx.clock()), { rememberDevice: true });
    expect(verified.statusCode).toBe(200);
    const device = verified.cookies.find((c) => c.name === 'jornada_device')!;
    expect(device).toMatchObject({ httpOnly: true, path: '/api/auth', maxAge: 30 * 86_400, sameSite: 'Lax' });
    const stored = await ctx.db.selectFrom('two_factor_devices').select('token_hash').where('user_id', '=', user.id).execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(device.value);
    const deviceCookie = `jornada_device=${device.value}`;
    ctx.clock.advance(30 * DAY_MS - 60_000);
    const remembered = await h.login(user, { cookie: deviceCookie });
    expect(remembered.statusCode).toBe(200);
    expect(h.sessionCookie(remembered)).toBeDefined();
    expect(remembered.json().user.id).toBe(user.id);
    // Another user with two-factor on, on this device: asked for their code.
    const other = await signInAs(ctx, 'Empleado', companyId);
    await h.enrol(other.cookie);
    await h.passwordStep(other, 'verify', { cookie: deviceCookie });
    ctx.clock.advance(2 * 60_000);
    await h.passwordStep(user, 'verify', { cookie: deviceCookie });
  });

  it('a password change forgets the remembered devices', async () => {
    const user = await signInAs(ctx, 'Empleado', companyId);
    const { secret } = await h.enrol(user.cookie);
    const verified = await h.verify(await h.passwordStep(user), totpAt(secret, ctx.clock()), { rememberDevice: true });
    const deviceCookie = `jornada_device=${verified.cookies.find((c) => c.name === 'jornada_device')!.value}`;
    expect(h.sessionCookie(await h.login(user, { cookie: deviceCookie }))).toBeDefined();
    const newPassword = 'Otra-Clave2026!';
    const changed = await ctx.request({ method: 'POST', url: '/api/account/password', cookie: h.sessionCookie(verified), payload: { currentPassword: user.password, newPassword, confirmPassword: newPassword } });
    expect(changed.statusCode).toBe(200);
    await h.passwordStep({ ...user, password: newPassword }, 'verify', { cookie: deviceCookie });
  });

  it('resets: the Administrador anyone, a Supervisor only their Empleados; logged; remembered devices forgotten', async () => {
    const admin = await signInAs(ctx, 'Administrador', null, { name: 'Ana Admin' });
    const supervisor = await signInAs(ctx, 'Supervisor', companyId, { name: 'Sara Supervisora' });
    const employee = await signInAs(ctx, 'Empleado', companyId, { name: 'Eva Empleada' });
    const colleague = await signInAs(ctx, 'Supervisor', companyId);
    const foreign = await signInAs(ctx, 'Empleado', otherCompanyId);
    const { secret } = await h.enrol(employee.cookie);
    await h.enrol(colleague.cookie);
    await h.enrol(foreign.cookie);
    const verified = await h.verify(await h.passwordStep(employee), totpAt(secret, ctx.clock()), { rememberDevice: true });
    const deviceCookie = `jornada_device=${verified.cookies.find((c) => c.name === 'jornada_device')!.value}`;
    const reset = (cookie: string, userId: string) => ctx.request({ method: 'POST', url: `/api/users/${userId}/two-factor/reset`, cookie });

    expect((await reset(employee.cookie, employee.id)).statusCode).toBe(403);
    expect((await reset(supervisor.cookie, foreign.id)).statusCode).toBe(404);
    expect((await reset(supervisor.cookie, colleague.id)).statusCode).toBe(404);
    const done = await reset(supervisor.cookie, employee.id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Se ha restablecido la verificación en dos pasos del usuario.' });
    expect(await lastAction(ctx, 'two-factor.reset')).toMatchObject({ actor_id: supervisor.id, company_id: companyId, message: 'Sara Supervisora ha restablecido la verificación en dos pasos de «Eva Empleada»' });
    expect(await ctx.db.selectFrom('two_factor_devices').selectAll().where('user_id', '=', employee.id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('two_factor_recovery_codes').selectAll().where('user_id', '=', employee.id).execute()).toEqual([]);
    // Nothing to reset any more; without two-factor the password alone signs in.
    expect((await reset(supervisor.cookie, employee.id)).statusCode).toBe(409);
    expect(h.sessionCookie(await h.login(employee, { cookie: deviceCookie }))).toBeDefined();
    expect((await reset(admin.cookie, colleague.id)).statusCode).toBe(200);
    expect((await reset(admin.cookie, foreign.id)).statusCode).toBe(200);
    expect(await lastAction(ctx, 'two-factor.reset')).toMatchObject({ actor_id: admin.id, company_id: otherCompanyId });
  });

  it('turns off with the current password and logs it, unless required', async () => {
    const user = await signInAs(ctx, 'Empleado', companyId, { name: 'Mario Díaz' });
    await h.enrol(user.cookie);
    const disable = (currentPassword: string) => ctx.request({ method: 'POST', url: '/api/account/two-factor/disable', cookie: user.cookie, payload: { currentPassword } });
    const wrong = await disable('No-Es-Esta1!');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('La contraseña actual es incorrecta.');
    const done = await disable(user.password);
    expect(done.statusCode).toBe(200);
    expect(await lastAction(ctx, 'two-factor.disable')).toMatchObject({ actor_id: user.id, message: 'Mario Díaz ha desactivado la verificación en dos pasos' });
    expect(h.sessionCookie(await h.login(user))).toBeDefined();
    expect((await disable(user.password)).statusCode).toBe(409);
  });

  it("a company's setting requires it of its Supervisors: forced enrolment before any session", async () => {
    const admin = await signInAs(ctx, 'Administrador');
    const strict = (await ctx.factories.company('Seguridad Estricta')).id;
    const put = await ctx.request({ method: 'PUT', url: `/api/companies/${strict}/settings`, cookie: admin.cookie, payload: { geofenceMode: 'flag', autoClockOut: false, autoClockOutToleranceMin: 30, supervisorTwoFactor: true } });
    expect(put.statusCode).toBe(200);
    expect(put.json().supervisorTwoFactor).toBe(true);
    const supervisor = await ctx.factories.user({ role: 'Supervisor', companyId: strict, name: 'Rosa Estricta' });
    const employee = await ctx.factories.user({ role: 'Empleado', companyId: strict });
    const elsewhere = await ctx.factories.user({ role: 'Supervisor', companyId });
    expect(h.sessionCookie(await h.login(employee))).toBeDefined();
    expect(h.sessionCookie(await h.login(elsewhere))).toBeDefined();

    const pendingToken = await h.passwordStep(supervisor, 'enrol');
    expect(await h.sessionsOf(supervisor.id)).toBe(0);
    // An enrolment token is not a code step.
    expect((await h.verify(pendingToken, '123456')).json().error.code).toBe('LOGIN_EXPIRED');
    const setup = await ctx.request({ method: 'POST', url: '/api/auth/two-factor/enrol', payload: { pendingToken } });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const wrong = await ctx.request({ method: 'POST', url: '/api/auth/two-factor/enrol/confirm', payload: { pendingToken, code: hotp(secret, totpStep(ctx.clock()) + 4) } });
    expect(wrong.statusCode).toBe(400);
    expect(await h.sessionsOf(supervisor.id)).toBe(0);
    const confirm = await ctx.request({ method: 'POST', url: '/api/auth/two-factor/enrol/confirm', payload: { pendingToken, code: totpAt(secret, ctx.clock()) } });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().recoveryCodes).toHaveLength(10);
    expect(confirm.json().user.id).toBe(supervisor.id);
    const cookie = h.sessionCookie(confirm)!;
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: '/api/account/two-factor', cookie })).json()).toEqual({ enabled: true, required: true, recoveryCodesLeft: 10 });
    // Required: it cannot be turned off by its owner.
    const disable = await ctx.request({ method: 'POST', url: '/api/account/two-factor/disable', cookie, payload: { currentPassword: supervisor.password } });
    expect(disable.statusCode).toBe(409);
    ctx.clock.advance(STEP_MS);
    await h.passwordStep(supervisor, 'verify');
  });

  it('a password reset link for a user with two-factor sets the password but opens no session', async () => {
    const user = await signInAs(ctx, 'Empleado', companyId);
    const { secret } = await h.enrol(user.cookie);
    const { createHash, randomBytes } = await import('node:crypto');
    const token = randomBytes(32).toString('base64url');
    const now = ctx.clock();
    await ctx.db
      .insertInto('account_tokens')
      .values({ id: `tok-2fa-${user.id}`, purpose: 'reset', user_id: user.id, token_hash: createHash('sha256').update(token).digest('hex'), expires_at: new Date(now.getTime() + 3_600_000).toISOString(), used_at: null, new_email: null, created_at: now.toISOString() })
      .execute();
    const newPassword = 'Nueva-Clave2026!';
    const response = await ctx.request({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, newPassword, confirmPassword: newPassword } });
    expect(response.statusCode).toBe(200);
    expect(h.sessionCookie(response)).toBeUndefined();
    expect(response.json().twoFactor.step).toBe('verify');
    expect(await h.sessionsOf(user.id)).toBe(0);
    expect((await h.verify(response.json().twoFactor.pendingToken, totpAt(secret, ctx.clock()))).statusCode).toBe(200);
  });
});

describe('TWO_FACTOR_ADMIN_REQUIRED on: the Administrador enrols before any session', () => {
  let ctx: TestContext;
  const h = helpers(() => ctx);

  beforeAll(async () => {
    ctx = await createTestContext({ env: { TWO_FACTOR_ADMIN_REQUIRED: 'true' } });
  });
  afterAll(() => ctx.close());

  it('sends the administrator to the forced enrolment, then asks for the code; other roles sign in as before', async () => {
    const admin = await ctx.factories.user({ role: 'Administrador', companyId: null, name: 'Ana Admin' });
    const company = await ctx.factories.company('Vigilancia Norte');
    const employee = await ctx.factories.user({ role: 'Empleado', companyId: company.id });
    expect(h.sessionCookie(await h.login(employee))).toBeDefined();
    const pendingToken = await h.passwordStep(admin, 'enrol');
    expect(await h.sessionsOf(admin.id)).toBe(0);
    const { secret } = (await ctx.request({ method: 'POST', url: '/api/auth/two-factor/enrol', payload: { pendingToken } })).json() as { secret: string };
    const confirm = await ctx.request({ method: 'POST', url: '/api/auth/two-factor/enrol/confirm', payload: { pendingToken, code: totpAt(secret, ctx.clock()) } });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().profile.role).toBe('Administrador');
    expect(await lastAction(ctx, 'two-factor.enable')).toMatchObject({ actor_id: admin.id, message: 'Ana Admin ha activado la verificación en dos pasos' });
    const cookie = h.sessionCookie(confirm)!;
    expect((await ctx.request({ method: 'GET', url: '/api/account/two-factor', cookie })).json()).toMatchObject({ enabled: true, required: true });
    expect((await ctx.request({ method: 'POST', url: '/api/account/two-factor/disable', cookie, payload: { currentPassword: admin.password } })).statusCode).toBe(409);
    ctx.clock.advance(STEP_MS);
    const next = await h.passwordStep(admin, 'verify');
    expect((await h.verify(next, totpAt(secret, ctx.clock()))).statusCode).toBe(200);
  });
});
