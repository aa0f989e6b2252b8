import { describe, expect, it } from 'vitest';
import { defaultRoleIds } from '@jornada/shared/permissions';
import { ROLE_HELD_MESSAGE } from '@jornada/shared/schemas/roles';
import { lastAction } from '../../test/last-action';
import { useTwoCompanies } from '../../test/worlds';

/** Decision 043: a custom role is held by people, based on Empleado or Supervisor, seen through its company's matrix. */
const { ctx, home, other, admin, supervisor } = useTwoCompanies({ ownInstantPerTest: true });

const as = (cookie: string) => ({
  get: (url: string) => ctx.request({ method: 'GET', url, cookie }),
  put: (url: string, payload: object) => ctx.request({ method: 'PUT', url, cookie, payload }),
  post: (url: string, payload: object) => ctx.request({ method: 'POST', url, cookie, payload }),
  del: (url: string) => ctx.request({ method: 'DELETE', url, cookie }),
});
const adminApi = () => as(admin.cookie);

let unique = 0;
/** A custom role, assigned to `companyIds`, granted `views` in each of them. */
async function customRole(base: 'Empleado' | 'Supervisor', companyIds: string[], views: string[]) {
  const created = await adminApi().post('/api/roles', { name: `Rol personalizado ${++unique}`, base, price: 14 });
  expect(created.statusCode).toBe(201);
  const role = created.json() as { id: string; name: string };
  expect((await adminApi().put(`/api/roles/${role.id}/companies`, { companyIds })).statusCode).toBe(200);
  for (const companyId of companyIds) expect((await adminApi().put(`/api/permissions/${companyId}`, { permissions: { [role.id]: views } })).statusCode).toBe(200);
  return role;
}

/** A person of `companyId` created by the administrator with `roleId`, signed in. */
async function person(roleId: string, companyId = home.id) {
  const username = `persona${++unique}`;
  const password = 'Clave-Segura-1!';
  const response = await adminApi().post('/api/users', { name: `Persona ${unique}`, username, password, roleId, companyId });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().id as string, name: response.json().name as string, cookie: await ctx.login(username, password) };
}

describe('the base of a role', () => {
  it("is stored on creation (Empleado when left out), can change for a custom role, never for a default one", async () => {
    const plain = await adminApi().post('/api/roles', { name: 'Sin base dicha' });
    expect(plain.json()).toMatchObject({ base: 'Empleado', isDefault: false, holderCount: 0 });
    const chief = await adminApi().post('/api/roles', { name: 'Jefe de turno', base: 'Supervisor' });
    expect(chief.json().base).toBe('Supervisor');
    expect((await lastAction(ctx, 'role.create')).message).toBe('Ana Admin ha creado el rol «Jefe de turno», basado en Supervisor');
    const rebased = await adminApi().put(`/api/roles/${plain.json().id}`, { name: 'Sin base dicha', base: 'Supervisor' });
    expect(rebased.json().base).toBe('Supervisor');
    expect((await lastAction(ctx, 'role.update')).message).toBe('Ana Admin ha actualizado el rol «Sin base dicha», ahora basado en Supervisor');
    const kept = await adminApi().put(`/api/roles/${plain.json().id}`, { name: 'Sin base dicha', price: 12 });
    expect(kept.json().base).toBe('Supervisor');
    const defaultRebase = await adminApi().put(`/api/roles/${defaultRoleIds.Empleado}`, { name: 'Empleado', base: 'Supervisor' });
    expect(defaultRebase.statusCode).toBe(422);
    expect(defaultRebase.json().error.message).toBe('No se puede cambiar la base de los roles por defecto.');
    const adminBase = await adminApi().post('/api/roles', { name: 'Casi admin', base: 'Administrador' });
    expect(adminBase.statusCode).toBe(400);
    expect(adminBase.json().error.message).toBe('El rol debe basarse en Empleado o Supervisor.');
  });
});

describe('giving a custom role to people', () => {
  it('is refused where the role is not assigned to the person’s company, and for an unknown role', async () => {
    const role = await customRole('Empleado', [other.id], ['my-hours']);
    const base = { name: 'Nadie', username: `nadie${++unique}`, password: 'Clave-Segura-1!', companyId: home.id };
    for (const [roleId, message] of [
      [role.id, 'Ese rol no está asignado a la empresa del usuario.'],
      ['role-inventado', 'El rol indicado no existe.'],
    ] as [string, string][]) {
      const response = await adminApi().post('/api/users', { ...base, roleId });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.message).toBe(message);
    }
  });

  it('signs the person in with the base capabilities, the role’s name and exactly the views the matrix grants', async () => {
    const role = await customRole('Empleado', [home.id], ['my-hours', 'shifts']);
    const guard = await person(role.id);
    const me = (await as(guard.cookie).get('/api/auth/me')).json();
    expect(me.user).toMatchObject({ roleId: role.id, role: 'Empleado', roleName: role.name });
    expect(me.profile).toMatchObject({ role: 'Empleado', roleName: role.name });
    expect(me.profile.grantedViews.sort()).toEqual(['my-hours', 'shifts']);
    expect((await as(guard.cookie).get('/api/events/shifts')).statusCode).toBe(200);
    // Withheld by the matrix: the server refuses, as for a default role.
    const documents = await as(guard.cookie).get('/api/my-qualifications');
    expect(documents.statusCode).toBe(403);
    expect(documents.json().error.message).toBe('Tu empresa no te ha concedido acceso a esta sección.');
    // A view granted to an Empleado-based role never opens a supervisor's route.
    await adminApi().put(`/api/permissions/${home.id}`, { permissions: { [role.id]: ['my-hours', 'view-employees'] } });
    expect((await as(guard.cookie).get('/api/employees')).statusCode).toBe(403);
    expect((await as(guard.cookie).get('/api/events/shifts')).statusCode).toBe(403);
  });

  it('gives a Supervisor-based role the supervisor routes its matrix grants, and no more', async () => {
    const role = await customRole('Supervisor', [home.id], ['view-employees', 'manage-events']);
    const chief = await person(role.id);
    expect((await as(chief.cookie).get('/api/employees')).statusCode).toBe(200);
    expect((await as(chief.cookie).get('/api/time-records')).statusCode).toBe(403);
    expect((await as(chief.cookie).get('/api/users')).statusCode).toBe(403);
  });

  it("lets a supervisor give the company's roles (default or custom) in 'Empleados', never the Administrador nor another company's", async () => {
    const own = await customRole('Empleado', [home.id], ['my-hours']);
    const foreign = await customRole('Empleado', [other.id], ['my-hours']);
    const listed = await as(supervisor.cookie).get(`/api/employees/roles?companyId=${other.id}`);
    expect(listed.statusCode).toBe(200);
    const ids = listed.json().map((role: { id: string }) => role.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(foreign.id);
    expect(ids).not.toContain(defaultRoleIds.Administrador);
    expect(ids.slice(0, 2).sort()).toEqual([defaultRoleIds.Empleado, defaultRoleIds.Supervisor].sort());
    const worker = await person(defaultRoleIds.Empleado);
    const save = (roleId: string) => as(supervisor.cookie).put(`/api/employees/${worker.id}`, { name: worker.name, roleId, categoryIds: [] });
    const given = await save(own.id);
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ roleId: own.id, role: 'Empleado', roleName: own.name });
    for (const [roleId, message] of [
      [foreign.id, 'Ese rol no está asignado a la empresa del usuario.'],
      [defaultRoleIds.Administrador, 'Solo se puede asignar el rol Empleado, Supervisor o un rol basado en ellos.'],
    ] as [string, string][]) {
      const refused = await save(roleId);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.message).toBe(message);
    }
    // An administrator names the company; without one there is nothing to list.
    expect((await adminApi().get(`/api/employees/roles?companyId=${other.id}`)).json().map((role: { id: string }) => role.id)).toContain(foreign.id);
    expect((await adminApi().get('/api/employees/roles')).statusCode).toBe(400);
    expect((await adminApi().get('/api/employees/roles?companyId=comp-nada')).statusCode).toBe(404);
  });

  it('keeps a held role assigned to the company until its people move', async () => {
    const role = await customRole('Empleado', [home.id], ['my-hours']);
    await person(role.id);
    const unassigned = await adminApi().put(`/api/roles/${role.id}/companies`, { companyIds: [] });
    expect(unassigned.statusCode).toBe(422);
    expect(unassigned.json().error.message).toBe('Hay personas de esa empresa con este rol: pásalas antes a otro rol.');
    const company = (await adminApi().get('/api/companies')).json().find((item: { id: string }) => item.id === home.id);
    const withoutIt = await adminApi().put(`/api/companies/${home.id}/assignments`, {
      assignedRoles: company.assignedRoles.filter((id: string) => id !== role.id),
      assignedCategories: company.assignedCategories,
    });
    expect(withoutIt.statusCode).toBe(422);
    expect(withoutIt.json().error.message).toBe('Hay personas de la empresa con un rol que se quita: pásalas antes a otro rol.');
  });
});

describe('DELETE /api/roles/:id of a held role', () => {
  it('asks where its people move, refuses unfit targets, then moves them and deletes in one step, logged', async () => {
    const role = await customRole('Empleado', [home.id], ['my-hours', 'shifts']);
    const onlyOther = await customRole('Empleado', [other.id], ['my-hours']);
    const holder = await person(role.id);
    const before = await adminApi().get('/api/roles');
    expect(before.json().find((item: { id: string }) => item.id === role.id).holderCount).toBe(1);
    for (const [query, message] of [
      ['', ROLE_HELD_MESSAGE],
      [`?moveTo=${defaultRoleIds.Administrador}`, 'Las personas de una empresa no pueden pasar al rol Administrador.'],
      [`?moveTo=${role.id}`, 'Las personas no pueden pasar al mismo rol que se elimina.'],
      ['?moveTo=role-nada', 'El rol al que pasan las personas no existe.'],
      [`?moveTo=${onlyOther.id}`, `El rol «${onlyOther.name}» no está asignado a todas las empresas de las personas con este rol.`],
    ] as [string, string][]) {
      const refused = await adminApi().del(`/api/roles/${role.id}${query}`);
      expect(refused.statusCode, message).toBe(422);
      expect(refused.json().error.message).toBe(message);
    }
    // Nothing moved, nothing deleted.
    expect((await as(holder.cookie).get('/api/auth/me')).json().user.roleId).toBe(role.id);
    const deleted = await adminApi().del(`/api/roles/${role.id}?moveTo=${defaultRoleIds.Supervisor}`);
    expect(deleted.statusCode).toBe(200);
    const me = (await as(holder.cookie).get('/api/auth/me')).json();
    expect(me.user).toMatchObject({ roleId: defaultRoleIds.Supervisor, role: 'Supervisor', roleName: 'Supervisor' });
    expect((await adminApi().get('/api/roles')).json().some((item: { id: string }) => item.id === role.id)).toBe(false);
    expect((await lastAction(ctx, 'role.delete')).message).toBe(`Ana Admin ha eliminado el rol «${role.name}»; la persona que lo tenía pasa al rol «Supervisor»`);
  });

  it('deletes a role nobody holds without asking', async () => {
    const role = await customRole('Supervisor', [home.id], ['live']);
    expect((await adminApi().del(`/api/roles/${role.id}`)).statusCode).toBe(200);
  });
});

describe('pay and people lists follow the base', () => {
  it('lists and pays a person of an Empleado-based role like an Empleado; a Supervisor-based one is not paid', async () => {
    const guardRole = await customRole('Empleado', [home.id], ['my-hours']);
    const chiefRole = await customRole('Supervisor', [home.id], ['view-employees']);
    const guard = await person(guardRole.id);
    const chief = await person(chiefRole.id);
    const month = ctx.clock().toISOString().slice(0, 7);
    const payments = await as(supervisor.cookie).get(`/api/payments?month=${month}`);
    expect(payments.statusCode).toBe(200);
    const listed = payments.json().items.map((item: { userId: string }) => item.userId);
    expect(listed).toContain(guard.id);
    expect(listed).not.toContain(chief.id);
    const paid = await as(supervisor.cookie).post('/api/payments', { userId: guard.id, month });
    expect(paid.statusCode).toBe(201);
    const refused = await as(supervisor.cookie).post('/api/payments', { userId: chief.id, month });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Solo se pueden registrar pagos de empleados.');
    const payroll = await as(supervisor.cookie).get(`/api/payroll?month=${month}`);
    expect(payroll.statusCode).toBe(200);
    expect(JSON.stringify(payroll.json())).toContain(guard.id);
    expect(JSON.stringify(payroll.json())).not.toContain(chief.id);
    // Vacations for an Empleado-based person; the employees list shows both with their role's name.
    const vacationPeople = (await as(supervisor.cookie).get('/api/vacations/employees')).json();
    expect(JSON.stringify(vacationPeople)).toContain(guard.id);
    const employees = (await as(supervisor.cookie).get('/api/employees?limit=200')).json().items;
    expect(employees.find((item: { id: string }) => item.id === chief.id)).toMatchObject({ role: 'Supervisor', roleName: chiefRole.name });
  });
});
