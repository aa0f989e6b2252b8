import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { lastAction } from '../../test/last-action';
import { arrangeTwoCompanies, signInAs, type TwoCompanies } from '../../test/sign-in';

let ctx: TestContext;
let two: TwoCompanies;

beforeAll(async () => {
  ctx = await createTestContext();
  two = await arrangeTwoCompanies(ctx);
});
afterAll(() => ctx.close());

const login = (username: string, password: string, ip: string) => ctx.request({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });
const unlock = (userId: string, cookie?: string) => ctx.request({ method: 'POST', url: `/api/users/${userId}/unlock-login`, cookie });
const failuresFor = async (username: string) =>
  Number((await ctx.db.selectFrom('login_attempts').select((eb) => eb.fn.countAll().as('n')).where('username', '=', username).executeTakeFirstOrThrow()).n);

async function blockedUser(companyId: string) {
  const user = await ctx.factories.user({ role: 'Empleado', companyId });
  for (let attempt = 1; attempt <= 10; attempt++) await login(user.username, `Mala-${attempt}!`, '192.0.2.50');
  expect((await login(user.username, user.password, '192.0.2.50')).statusCode).toBe(429);
  return user;
}

describe('POST /api/users/:id/unlock-login (Desbloquear acceso)', () => {
  it('lets a platform administrator clear a user\'s failed sign-ins from every address, logged', async () => {
    const user = await blockedUser(two.home.id);
    await login(user.username, 'Mala-Otra1!', '192.0.2.51');
    const response = await unlock(user.id, two.admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await failuresFor(user.username)).toBe(0);
    expect((await login(user.username, user.password, '192.0.2.50')).statusCode).toBe(200);
    const action = await lastAction(ctx, 'auth.unlock');
    expect(action.message).toBe(`${two.admin.name} ha desbloqueado el acceso de ${user.name} (11 intento(s) fallido(s) borrado(s))`);
    expect(action.company_id).toBe(two.home.id);
  });

  it('is refused to supervisors (of the user\'s company or another), employees and signed-out callers, and clears nothing', async () => {
    const user = await blockedUser(two.home.id);
    const otherSupervisor = await signInAs(ctx, 'Supervisor', two.other.id);
    expect((await unlock(user.id, two.supervisor.cookie)).statusCode).toBe(403);
    expect((await unlock(user.id, otherSupervisor.cookie)).statusCode).toBe(403);
    expect((await unlock(user.id, two.employee.cookie)).statusCode).toBe(403);
    expect((await unlock(user.id)).statusCode).toBe(401);
    const refused = await unlock(user.id, two.supervisor.cookie);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    expect(await failuresFor(user.username)).toBe(10);
  });

  it('answers 404 for an unknown or deleted user', async () => {
    expect((await unlock('usr-desconocido', two.admin.cookie)).statusCode).toBe(404);
    const deleted = await ctx.factories.user({ role: 'Empleado', companyId: two.home.id, deleted: true });
    const response = await unlock(deleted.id, two.admin.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Usuario no encontrado.');
  });
});
