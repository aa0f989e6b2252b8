import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRoleIds } from '@jornada/shared/permissions';
import { createTestContext, type TestContext } from '../../test/test-app';

/** The user lists' server-side filters (issue 21): a text and (administrators) a role, with cursors. */
let ctx: TestContext;
let north: { id: string };
let south: { id: string };
let supervisorCookie: string;
let adminCookie: string;

const names = async (path: string, cookie: string) => {
  const response = await ctx.request({ method: 'GET', url: `/api${path}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: { name: string }[] }).items.map((user) => user.name);
};

beforeAll(async () => {
  ctx = await createTestContext();
  north = await ctx.factories.company('Norte');
  south = await ctx.factories.company('Sur');
  await ctx.factories.user({ role: 'Empleado', companyId: north.id, name: 'Ana Filtro', username: 'ana.norte' });
  await ctx.factories.user({ role: 'Empleado', companyId: north.id, name: 'Bruno Filtro', username: 'bruno.norte' });
  await ctx.factories.user({ role: 'Empleado', companyId: north.id, name: 'Carla Otra', username: 'carla.norte' });
  await ctx.factories.user({ role: 'Empleado', companyId: south.id, name: 'Diego Filtro', username: 'diego.sur' });
  const supervisor = await ctx.factories.user({ role: 'Supervisor', companyId: north.id, name: 'Marta Jefa', username: 'marta.norte' });
  supervisorCookie = await ctx.login(supervisor.username, supervisor.password);
  const admin = await ctx.factories.user({ role: 'Administrador', name: 'Admin Filtro', username: 'admin.filtro' });
  adminCookie = await ctx.login(admin.username, admin.password);
});
afterAll(() => ctx.close());

describe('user list filters', () => {
  it("searches a supervisor's employees by name or email, inside the company", async () => {
    expect(await names('/employees?q=filtro', supervisorCookie)).toEqual(['Ana Filtro', 'Bruno Filtro']);
    expect(await names('/employees?q=BRUNO.NORTE%40example', supervisorCookie)).toEqual(['Bruno Filtro']);
    expect(await names('/employees?q=diego', supervisorCookie)).toEqual([]);
    expect(await names(`/employees?q=diego&companyId=${south.id}`, supervisorCookie)).toEqual([]);
  });

  it('searches every user for an administrator, by name or login name, and by role', async () => {
    expect(await names('/users?q=filtro', adminCookie)).toEqual(['Admin Filtro', 'Ana Filtro', 'Bruno Filtro', 'Diego Filtro']);
    expect(await names('/users?q=.sur', adminCookie)).toEqual(['Diego Filtro']);
    expect(await names(`/users?q=filtro&companyId=${north.id}`, adminCookie)).toEqual(['Ana Filtro', 'Bruno Filtro']);
    expect(await names(`/users?roleId=${defaultRoleIds.Supervisor}`, adminCookie)).toEqual(['Marta Jefa']);
    expect(await names(`/users?roleId=${defaultRoleIds.Administrador}&q=filtro`, adminCookie)).toEqual(['Admin Filtro']);
  });

  it('pages a filtered list with its cursor', async () => {
    const first = await ctx.request({ method: 'GET', url: '/api/users?q=filtro&limit=3', cookie: adminCookie });
    const page = first.json();
    expect(page.items.map((user: { name: string }) => user.name)).toEqual(['Admin Filtro', 'Ana Filtro', 'Bruno Filtro']);
    expect(await names(`/users?q=filtro&limit=3&cursor=${encodeURIComponent(page.nextCursor)}`, adminCookie)).toEqual(['Diego Filtro']);
  });

  it('refuses a search longer than 100 characters with a Spanish 400', async () => {
    const response = await ctx.request({ method: 'GET', url: `/api/employees?q=${'x'.repeat(101)}`, cookie: supervisorCookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('La búsqueda admite como mucho 100 caracteres.');
  });
});
