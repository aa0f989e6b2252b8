import { describe, expect, it } from 'vitest';
import { defaultRoleIds } from '@jornada/shared/permissions';
import { lastAction } from '../../test/last-action';
import { useTwoCompanies } from '../../test/worlds';

const { ctx, home, other, admin, supervisor, employee } = useTwoCompanies({ ownInstantPerTest: true });

const create = (payload: object) => ctx.request({ method: 'POST', url: '/api/roles', cookie: admin.cookie, payload });

describe('GET /api/roles', () => {
  it('lists the default roles first, with their companies', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/roles', cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    const roles = response.json();
    expect(roles.slice(0, 3).map((role: { name: string }) => role.name)).toEqual(['Administrador', 'Empleado', 'Supervisor']);
    expect(roles[0]).toEqual({ id: defaultRoleIds.Administrador, name: 'Administrador', price: null, isDefault: true, base: 'Administrador', holderCount: 1, companyIds: [] });
    expect(roles.slice(1, 3).map((role: { base: string }) => role.base)).toEqual(['Empleado', 'Supervisor']);
    expect(roles[1].companyIds).toEqual(expect.arrayContaining([home.id, other.id]));
  });

  it('answers 401 signed out and 403 to supervisors and employees', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/roles' })).statusCode).toBe(401);
    for (const user of [supervisor, employee]) expect((await ctx.request({ method: 'GET', url: '/api/roles', cookie: user.cookie })).statusCode).toBe(403);
  });
});

describe('POST /api/roles', () => {
  it('adds a role with an hourly price and logs it', async () => {
    const response = await create({ name: ' Jefe de equipo ', price: 19.9 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Jefe de equipo', price: 19.9, isDefault: false, base: 'Empleado', holderCount: 0, companyIds: [] });
    expect(response.json().id).toMatch(/^role-/);
    expect((await lastAction(ctx, 'role.create')).message).toBe('Ana Admin ha creado el rol «Jefe de equipo», basado en Empleado');
  });

  it('rejects a non-numeric, negative or over-precise price, an empty name and a taken name', async () => {
    const cases: [object, number, string][] = [
      [{ name: 'X', price: 'veinte' }, 400, 'El precio debe ser un número.'],
      [{ name: 'X', price: -3 }, 400, 'El precio no puede ser negativo.'],
      [{ name: 'X', price: 10.001 }, 400, 'El precio admite como máximo 2 decimales.'],
      [{ name: '' }, 400, 'El nombre del rol es obligatorio.'],
      [{ name: 'Supervisor' }, 409, 'Ya existe un rol con ese nombre.'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await create(payload);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().error.message).toBe(message);
    }
  });

  it('is for administrators only', async () => {
    for (const user of [supervisor, employee]) {
      expect((await ctx.request({ method: 'POST', url: '/api/roles', cookie: user.cookie, payload: { name: 'X' } })).statusCode).toBe(403);
    }
  });
});

describe('PUT /api/roles/:id', () => {
  it("edits a role's name and price", async () => {
    const role = (await create({ name: 'Controlador' })).json();
    const response = await ctx.request({ method: 'PUT', url: `/api/roles/${role.id}`, cookie: admin.cookie, payload: { name: 'Controlador de accesos', price: 16.5 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Controlador de accesos', price: 16.5 });
    expect((await lastAction(ctx, 'role.update')).message).toBe('Ana Admin ha actualizado el rol «Controlador de accesos»');
  });

  it('changes the price of a default role but never its name', async () => {
    const priced = await ctx.request({ method: 'PUT', url: `/api/roles/${defaultRoleIds.Empleado}`, cookie: admin.cookie, payload: { name: 'Empleado', price: 12 } });
    expect(priced.json()).toMatchObject({ name: 'Empleado', price: 12, isDefault: true });
    const renamed = await ctx.request({ method: 'PUT', url: `/api/roles/${defaultRoleIds.Empleado}`, cookie: admin.cookie, payload: { name: 'Trabajador' } });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().error.message).toBe('No se puede cambiar el nombre de los roles por defecto.');
  });

  it('refuses a non-numeric price, a taken name, a missing role and non-administrators', async () => {
    const role = (await create({ name: 'Auxiliar de sala' })).json();
    const nonNumeric = await ctx.request({ method: 'PUT', url: `/api/roles/${role.id}`, cookie: admin.cookie, payload: { name: 'Auxiliar de sala', price: '12,5' } });
    expect(nonNumeric.statusCode).toBe(400);
    expect(nonNumeric.json().error.message).toBe('El precio debe ser un número.');
    const taken = await ctx.request({ method: 'PUT', url: `/api/roles/${role.id}`, cookie: admin.cookie, payload: { name: 'Empleado' } });
    expect(taken.statusCode).toBe(409);
    const missing = await ctx.request({ method: 'PUT', url: '/api/roles/role-nada', cookie: admin.cookie, payload: { name: 'X' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Rol no encontrado.');
    for (const user of [supervisor, employee]) {
      expect((await ctx.request({ method: 'PUT', url: `/api/roles/${role.id}`, cookie: user.cookie, payload: { name: 'X' } })).statusCode).toBe(403);
    }
  });
});

describe('DELETE /api/roles/:id', () => {
  it('refuses the default roles', async () => {
    for (const id of Object.values(defaultRoleIds)) {
      const response = await ctx.request({ method: 'DELETE', url: `/api/roles/${id}`, cookie: admin.cookie });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({ code: 'CONFLICT', message: 'No se pueden eliminar los roles por defecto.' });
    }
  });

  it('deletes a role and clears it from companies and their matrix', async () => {
    const role = (await create({ name: 'Efímero' })).json();
    await ctx.request({ method: 'PUT', url: `/api/roles/${role.id}/companies`, cookie: admin.cookie, payload: { companyIds: [home.id] } });
    await ctx.db.insertInto('company_permissions').values({ company_id: home.id, role_id: role.id, view_id: 'my-hours' }).execute();
    const response = await ctx.request({ method: 'DELETE', url: `/api/roles/${role.id}`, cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    expect(await ctx.db.selectFrom('company_roles').select('company_id').where('role_id', '=', role.id).execute()).toHaveLength(0);
    expect(await ctx.db.selectFrom('company_permissions').select('company_id').where('role_id', '=', role.id).execute()).toHaveLength(0);
    expect((await lastAction(ctx, 'role.delete')).message).toBe('Ana Admin ha eliminado el rol «Efímero»');
  });

  it('answers 404 for a missing role and 403 to non-administrators', async () => {
    expect((await ctx.request({ method: 'DELETE', url: '/api/roles/role-nada', cookie: admin.cookie })).statusCode).toBe(404);
    for (const user of [supervisor, employee]) {
      expect((await ctx.request({ method: 'DELETE', url: '/api/roles/role-nada', cookie: user.cookie })).statusCode).toBe(403);
    }
  });
});

describe('PUT /api/roles/:id/companies', () => {
  it('assigns a role to companies; a company that gets a default role back gets its default views', async () => {
    const role = (await create({ name: 'Coordinador' })).json();
    const response = await ctx.request({ method: 'PUT', url: `/api/roles/${role.id}/companies`, cookie: admin.cookie, payload: { companyIds: [home.id, other.id] } });
    expect(response.statusCode).toBe(200);
    expect(response.json().companyIds.sort()).toEqual([home.id, other.id].sort());
    expect((await lastAction(ctx, 'role.assignments')).message).toBe('Ana Admin ha actualizado las empresas del rol «Coordinador»');

    const fresh = await ctx.factories.company('Fresca');
    await ctx.request({ method: 'PUT', url: `/api/roles/${defaultRoleIds.Supervisor}/companies`, cookie: admin.cookie, payload: { companyIds: [home.id, other.id] } });
    expect(await ctx.db.selectFrom('company_permissions').select('view_id').where('company_id', '=', fresh.id).where('role_id', '=', defaultRoleIds.Supervisor).execute()).toHaveLength(0);
    await ctx.request({ method: 'PUT', url: `/api/roles/${defaultRoleIds.Supervisor}/companies`, cookie: admin.cookie, payload: { companyIds: [home.id, other.id, fresh.id] } });
    expect(await ctx.db.selectFrom('company_permissions').select('view_id').where('company_id', '=', fresh.id).where('role_id', '=', defaultRoleIds.Supervisor).execute()).toHaveLength(11);
  });

  it('refuses the Administrador role and unknown companies with 422', async () => {
    const adminRole = await ctx.request({ method: 'PUT', url: `/api/roles/${defaultRoleIds.Administrador}/companies`, cookie: admin.cookie, payload: { companyIds: [home.id] } });
    expect(adminRole.statusCode).toBe(422);
    expect(adminRole.json().error.message).toBe('El rol Administrador no se asigna a empresas.');
    const unknown = await ctx.request({ method: 'PUT', url: `/api/roles/${defaultRoleIds.Empleado}/companies`, cookie: admin.cookie, payload: { companyIds: ['comp-nada'] } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toBe('Alguna de las empresas indicadas no existe.');
  });

  it('is for administrators only', async () => {
    for (const user of [supervisor, employee]) {
      const response = await ctx.request({ method: 'PUT', url: `/api/roles/${defaultRoleIds.Empleado}/companies`, cookie: user.cookie, payload: { companyIds: [] } });
      expect(response.statusCode).toBe(403);
    }
  });
});
