import { describe, expect, it } from 'vitest';
import { defaultRoleIds } from '@jornada/shared/permissions';
import { lastAction } from '../../test/last-action';
import { useTwoCompanies } from '../../test/worlds';

// The other company stays unused here: the matrix is read and saved per company.
const { ctx, home, admin, supervisor, employee } = useTwoCompanies();

const save = (companyId: string, permissions: Record<string, string[]>, cookie = admin.cookie) =>
  ctx.request({ method: 'PUT', url: `/api/permissions/${companyId}`, cookie, payload: { permissions } });

describe('GET /api/permissions/:companyId', () => {
  it('gives the matrix of the non-admin roles assigned to the company, decision 5 defaults', async () => {
    const response = await ctx.request({ method: 'GET', url: `/api/permissions/${home.id}`, cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    const matrix = response.json();
    expect(matrix.companyId).toBe(home.id);
    expect(matrix.roles).toEqual([
      { id: defaultRoleIds.Empleado, name: 'Empleado', base: 'Empleado' },
      { id: defaultRoleIds.Supervisor, name: 'Supervisor', base: 'Supervisor' },
    ]);
    expect(matrix.permissions[defaultRoleIds.Empleado]).toEqual(['my-hours', 'my-documents', 'shifts', 'work-reports', 'my-signature']);
    expect(matrix.permissions[defaultRoleIds.Supervisor]).toHaveLength(11);
  });

  it('answers 404 for a missing company, 401 signed out and 403 to others', async () => {
    const missing = await ctx.request({ method: 'GET', url: '/api/permissions/comp-nada', cookie: admin.cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Empresa no encontrada.');
    expect((await ctx.request({ method: 'GET', url: `/api/permissions/${home.id}` })).statusCode).toBe(401);
    for (const user of [supervisor, employee]) {
      expect((await ctx.request({ method: 'GET', url: `/api/permissions/${home.id}`, cookie: user.cookie })).statusCode).toBe(403);
    }
  });
});

describe('PUT /api/permissions/:companyId', () => {
  it("saves a role's views, which the sign-in profile and the server then follow, and logs it", async () => {
    const before = await ctx.request({ method: 'GET', url: '/api/auth/me', cookie: employee.cookie });
    expect(before.json().profile.grantedViews).toContain('my-hours');

    const response = await save(home.id, { [defaultRoleIds.Empleado]: ['shifts', 'my-documents', 'shifts'] });
    expect(response.statusCode).toBe(200);
    expect(response.json().permissions[defaultRoleIds.Empleado]).toEqual(['my-documents', 'shifts']);
    // A role left out of the request keeps its views.
    expect(response.json().permissions[defaultRoleIds.Supervisor]).toHaveLength(11);

    const after = await ctx.request({ method: 'GET', url: '/api/auth/me', cookie: employee.cookie });
    expect(after.json().profile.grantedViews.sort()).toEqual(['my-documents', 'shifts']);
    expect(await lastAction(ctx, 'permissions.update')).toMatchObject({ company_id: home.id, message: 'Ana Admin ha actualizado los permisos de la empresa «Vigilancia Norte»' });

    await save(home.id, { [defaultRoleIds.Supervisor]: [] });
    const withdrawn = await ctx.request({ method: 'GET', url: '/api/employees', cookie: supervisor.cookie });
    expect(withdrawn.statusCode).toBe(403);
    await save(home.id, { [defaultRoleIds.Supervisor]: ['view-employees'] });
    expect((await ctx.request({ method: 'GET', url: '/api/employees', cookie: supervisor.cookie })).statusCode).toBe(200);
  });

  it('rejects unknown views with 400', async () => {
    const response = await save(home.id, { [defaultRoleIds.Empleado]: ['manage-users'] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'VALIDATION_ERROR', message: 'Una de las vistas indicadas no existe.' });
  });

  it('rejects the Administrador role and roles not assigned to the company with 422', async () => {
    const unassigned = await ctx.factories.company('Sin Empleados');
    await ctx.request({
      method: 'PUT',
      url: `/api/companies/${unassigned.id}/assignments`,
      cookie: admin.cookie,
      payload: { assignedRoles: [defaultRoleIds.Supervisor], assignedCategories: [] },
    });
    for (const [companyId, roleId] of [
      [home.id, defaultRoleIds.Administrador],
      [home.id, 'role-nada'],
      [unassigned.id, defaultRoleIds.Empleado],
    ] as const) {
      const response = await save(companyId, { [roleId]: ['my-hours'] });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.message).toBe('Solo se pueden conceder vistas a roles no administradores asignados a la empresa.');
    }
  });

  it('answers 404 for a missing company and 403 to supervisors and employees', async () => {
    expect((await save('comp-nada', {})).statusCode).toBe(404);
    for (const user of [supervisor, employee]) expect((await save(home.id, {}, user.cookie)).statusCode).toBe(403);
  });
});
