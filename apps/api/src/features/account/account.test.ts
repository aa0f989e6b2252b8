import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRoleIds } from '@jornada/shared/permissions';
import { lastAction } from '../../test/last-action';
import { signInAs } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-app';
import { changePassword } from './account.service';

let ctx: TestContext;
let companyId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  companyId = (await ctx.factories.company('Vigilancia Norte')).id;
});
afterAll(() => ctx.close());

const NEW_PASSWORD = 'Otra-Clave2026!';
const change = (cookie: string | undefined, payload: Record<string, unknown>) => ctx.request({ method: 'POST', url: '/api/account/password', cookie, payload });
const me = (cookie: string) => ctx.request({ method: 'GET', url: '/api/auth/me', cookie });

describe('POST /api/account/password', () => {
  it('changes the password, keeps this session, ends the others, and logs it', async () => {
    const user = await signInAs(ctx, 'Empleado', companyId, { name: 'Juan Pérez' });
    const otherDevice = await ctx.login(user.username, user.password);
    const response = await change(user.cookie, { currentPassword: user.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Contraseña cambiada con éxito.' });
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await me(otherDevice)).statusCode).toBe(401);
    const oldSignIn = await ctx.request({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: user.password } });
    expect(oldSignIn.statusCode).toBe(401);
    expect(await ctx.login(user.username, NEW_PASSWORD)).toMatch(/^jornada_session=/);
    expect(await lastAction(ctx, 'account.password')).toMatchObject({ actor_id: user.id, company_id: companyId, message: 'Juan Pérez ha cambiado su contraseña' });
  });

  it('works for supervisors and administrators too', async () => {
    for (const user of [await signInAs(ctx, 'Supervisor', companyId), await signInAs(ctx, 'Administrador')]) {
      const response = await change(user.cookie, { currentPassword: user.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(response.statusCode).toBe(200);
    }
  });

  it('refuses a wrong current password without signing the user out', async () => {
    const user = await signInAs(ctx, 'Empleado', companyId);
    const response = await change(user.cookie, { currentPassword: 'No-Es-Esta1!', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'VALIDATION_ERROR', message: 'La contraseña actual es incorrecta.' });
    expect((await me(user.cookie)).statusCode).toBe(200);
  });

  it('validates the new password and its confirmation with the spec messages', async () => {
    const user = await signInAs(ctx, 'Empleado', companyId);
    const cases: [Record<string, unknown>, string][] = [
      [{ newPassword: 'corta', confirmPassword: 'corta' }, 'La contraseña debe tener 8+ caracteres, una mayúscula y un carácter especial.'],
      [{ newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` }, 'Las nuevas contraseñas no coinciden.'],
      [{ currentPassword: '', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, 'La contraseña actual es obligatoria.'],
    ];
    for (const [overrides, message] of cases) {
      const response = await change(user.cookie, { currentPassword: user.password, ...overrides });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
  });

  it('stops guessing the current password after 10 failures', async () => {
    const user = await signInAs(ctx, 'Empleado', companyId);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await change(user.cookie, { currentPassword: `Mala-${attempt}!`, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).statusCode).toBe(400);
    }
    const blocked = await change(user.cookie, { currentPassword: user.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('answers 401 when signed out', async () => {
    expect((await change(undefined, { currentPassword: 'x', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).statusCode).toBe(401);
  });

  it("answers 'Usuario no encontrado.' when the user no longer exists", async () => {
    const ghost = { userId: 'user-fantasma', sessionId: 's', name: 'Fantasma', username: 'fantasma', role: 'Empleado' as const, roleId: defaultRoleIds.Empleado, companyId };
    await expect(
      changePassword({ db: ctx.db, clock: ctx.clock }, ghost, { currentPassword: 'x', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, '127.0.0.1'),
    ).rejects.toMatchObject({ statusCode: 404, message: 'Usuario no encontrado.' });
  });
});
