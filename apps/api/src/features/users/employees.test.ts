import { beforeAll, describe, expect, it } from 'vitest';
import { defaultRoleIds } from '@jornada/shared/permissions';
import { lastAction } from '../../test/last-action';
import { signInAs } from '../../test/sign-in';
import { signInWhereViewWithheld, useTwoCompaniesWithCategories } from '../../test/worlds';

const { ctx, home, other, homeCategory, otherCategory, admin, supervisor, employee } = useTwoCompaniesWithCategories({
  supervisorName: 'Marta Supervisora',
  employee: { name: 'Juan Pérez', inHomeCategory: true },
});
let foreigner: { id: string; username: string };

beforeAll(async () => {
  foreigner = await ctx.factories.user({ role: 'Empleado', companyId: other.id });
});

const list = (cookie: string, query = '') => ctx.request({ method: 'GET', url: `/api/employees${query}`, cookie });
const details = (overrides: Record<string, unknown> = {}) => ({
  name: 'Juan Pérez',
  email: 'juan@example.test',
  roleId: defaultRoleIds.Empleado,
  categoryIds: [homeCategory.id],
  ...overrides,
});
const save = (id: string, payload: object, cookie = supervisor.cookie) => ctx.request({ method: 'PUT', url: `/api/employees/${id}`, cookie, payload });
const access = (id: string, isDisabled: boolean, cookie = supervisor.cookie) =>
  ctx.request({ method: 'PUT', url: `/api/employees/${id}/access`, cookie, payload: { isDisabled } });

describe('GET /api/employees', () => {
  it("lists the company's employees and supervisors with their category badges", async () => {
    await ctx.factories.user({ role: 'Empleado', companyId: home.id, deleted: true });
    const response = await list(supervisor.cookie);
    expect(response.statusCode).toBe(200);
    const items = response.json().items;
    expect(items.map((item: { id: string }) => item.id).sort()).toEqual([supervisor.id, employee.id].sort());
    expect(items.find((item: { id: string }) => item.id === employee.id)).toEqual({
      id: employee.id,
      name: 'Juan Pérez',
      email: `${employee.username}@example.test`,
      phone: null,
      roleId: defaultRoleIds.Empleado,
      role: 'Empleado',
      roleName: 'Empleado',
      companyId: home.id,
      categoryIds: [homeCategory.id],
      categories: [{ id: homeCategory.id, name: 'Escolta' }],
      isDisabled: false,
    });
  });

  it('shows an administrator every company, or one, and never administrators', async () => {
    const everyone = (await list(admin.cookie)).json().items.map((item: { id: string }) => item.id);
    expect(everyone).toEqual(expect.arrayContaining([supervisor.id, employee.id, foreigner.id]));
    expect(everyone).not.toContain(admin.id);
    const onlyOther = (await list(admin.cookie, `?companyId=${other.id}`)).json().items.map((item: { id: string }) => item.id);
    expect(onlyOther).toEqual([foreigner.id]);
    const ignored = (await list(supervisor.cookie, `?companyId=${other.id}`)).json().items.map((item: { id: string }) => item.id);
    expect(ignored).not.toContain(foreigner.id);
  });

  it('answers 401 signed out, 403 to employees, and 403 when the company withholds the view', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/employees' })).statusCode).toBe(401);
    expect((await list(employee.cookie)).statusCode).toBe(403);
    const boss = await signInWhereViewWithheld(ctx, 'Sin Vista', 'Supervisor', 'view-employees');
    const response = await list(boss.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('Tu empresa no te ha concedido acceso a esta sección.');
  });
});

describe('PUT /api/employees/:id', () => {
  it('saves details and categories and logs it', async () => {
    const worker = await ctx.factories.user({ role: 'Empleado', companyId: home.id });
    const response = await save(worker.id, details({ name: 'Lucía García', email: '', roleId: defaultRoleIds.Supervisor }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Lucía García', email: null, role: 'Supervisor', categories: [{ id: homeCategory.id, name: 'Escolta' }] });
    expect(await lastAction(ctx, 'employee.update')).toMatchObject({
      actor_id: supervisor.id,
      company_id: home.id,
      message: 'Marta Supervisora ha actualizado al empleado «Lucía García»',
    });
  });

  it('offers only Empleado and Supervisor (and roles based on them), and validates the details', async () => {
    for (const [roleId, message] of [
      [defaultRoleIds.Administrador, 'Solo se puede asignar el rol Empleado, Supervisor o un rol basado en ellos.'],
      ['role-inventado', 'El rol indicado no existe.'],
    ] as [string, string][]) {
      const refused = await save(employee.id, details({ roleId }));
      expect(refused.statusCode, message).toBe(422);
      expect(refused.json().error.message).toBe(message);
    }
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'El nombre es obligatorio.'],
      [{ email: 'correo@' }, 'El correo electrónico no es válido.'],
    ];
    for (const [overrides, message] of cases) {
      const response = await save(employee.id, details(overrides));
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
  });

  it("refuses another company's category with 422", async () => {
    const response = await save(employee.id, details({ categoryIds: [otherCategory.id] }));
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('UNPROCESSABLE');
  });

  it("answers 404 for another company's user, an administrator and a missing user", async () => {
    for (const id of [foreigner.id, admin.id, 'user-nada']) {
      const response = await save(id, details({ categoryIds: [] }));
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Empleado no encontrado.');
    }
  });

  it('lets an administrator edit anyone of any company, and nobody change their own role', async () => {
    expect((await save(foreigner.id, details({ categoryIds: [otherCategory.id] }), admin.cookie)).statusCode).toBe(200);
    const own = await save(supervisor.id, details({ name: 'Marta Supervisora', roleId: defaultRoleIds.Empleado, categoryIds: [] }));
    expect(own.statusCode).toBe(422);
    expect(own.json().error.message).toBe('No puedes cambiar tu propio rol.');
  });

  it('answers 403 to employees', async () => {
    expect((await save(employee.id, details(), employee.cookie)).statusCode).toBe(403);
  });
});

describe('PUT /api/employees/:id/access', () => {
  it('disables access, ending the sessions at once, and enables it again; both logged', async () => {
    const worker = await signInAs(ctx, 'Empleado', home.id, { name: 'Carlos Ruiz' });
    const disabled = await access(worker.id, true);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().isDisabled).toBe(true);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', cookie: worker.cookie })).statusCode).toBe(401);
    expect(await ctx.db.selectFrom('sessions').select('id').where('user_id', '=', worker.id).execute()).toHaveLength(0);
    const refused = await ctx.request({ method: 'POST', url: '/api/auth/login', payload: { username: worker.username, password: worker.password } });
    expect(refused.json().error.code).toBe('USER_DISABLED');
    expect((await lastAction(ctx, 'user.disable')).message).toBe('Marta Supervisora ha deshabilitado el acceso de «Carlos Ruiz»');

    const enabled = await access(worker.id, false);
    expect(enabled.json().isDisabled).toBe(false);
    expect((await lastAction(ctx, 'user.enable')).message).toBe('Marta Supervisora ha habilitado el acceso de «Carlos Ruiz»');
    expect(await ctx.login(worker.username, worker.password)).toMatch(/^jornada_session=/);
  });

  it("answers 404 for another company's user or an administrator, 422 for oneself and 403 to employees", async () => {
    expect((await access(foreigner.id, true)).statusCode).toBe(404);
    expect((await access(admin.id, true)).statusCode).toBe(404);
    const self = await access(supervisor.id, true);
    expect(self.statusCode).toBe(422);
    expect(self.json().error.message).toBe('No puedes cambiar tu propio acceso.');
    expect((await access(employee.id, true, employee.cookie)).statusCode).toBe(403);
    const body = await ctx.request({ method: 'PUT', url: `/api/employees/${employee.id}/access`, cookie: supervisor.cookie, payload: {} });
    expect(body.json().error.message).toBe('Indica si el acceso queda deshabilitado.');
  });
});
