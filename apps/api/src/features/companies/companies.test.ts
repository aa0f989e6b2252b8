import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { defaultRoleIds } from '@jornada/shared/permissions';
import { lastAction } from '../../test/last-action';
import { signInAs } from '../../test/sign-in';
import { useTwoCompanies } from '../../test/worlds';

const { ctx, home, other, admin, supervisor, employee } = useTwoCompanies({ ownInstantPerTest: true });

async function insertEvent(companyId: string, assignedTo: string[] = []) {
  const id = `evt-${companyId}-${assignedTo.length}`;
  const at = '2026-12-01T08:00:00.000Z';
  await ctx.db
    .insertInto('events')
    .values({ id, company_id: companyId, name: 'Concierto', location: 'Recinto', start_time: at, end_time: at, type: 'momentary', repeat_days: '', finished_early_at: null, created_at: at, created_by: null })
    .execute();
  if (assignedTo.length > 0) await ctx.db.insertInto('event_assignments').values(assignedTo.map((userId) => ({ event_id: id, user_id: userId }))).execute();
  return { id };
}


describe('GET /api/companies', () => {
  it('answers 401 when signed out', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/companies' })).statusCode).toBe(401);
  });

  it('lists every company to the administrator, with assignments and the default matrix', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/companies', cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    const names = response.json().map((company: { name: string }) => company.name);
    expect(names).toEqual(expect.arrayContaining(['Vigilancia Norte', 'Eventos Sur']));
    const north = response.json().find((company: { id: string }) => company.id === home.id);
    expect(north.assignedRoles).toEqual([defaultRoleIds.Empleado, defaultRoleIds.Supervisor]);
    expect(north.assignedCategories).toEqual([]);
    expect(north.permissions[defaultRoleIds.Empleado]).toEqual(['my-hours', 'my-documents', 'shifts', 'work-reports', 'my-signature']);
    expect(north.permissions[defaultRoleIds.Supervisor]).toHaveLength(11);
  });

  it('shows a supervisor and an employee only their own company', async () => {
    for (const user of [supervisor, employee]) {
      const response = await ctx.request({ method: 'GET', url: '/api/companies', cookie: user.cookie });
      expect(response.json().map((company: { id: string }) => company.id)).toEqual([home.id]);
    }
  });

  it("answers 404 for another company's object and for a missing one", async () => {
    const foreign = await ctx.request({ method: 'GET', url: `/api/companies/${other.id}`, cookie: supervisor.cookie });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toEqual({ code: 'NOT_FOUND', message: 'Empresa no encontrada.' });
    expect((await ctx.request({ method: 'GET', url: `/api/companies/${home.id}`, cookie: supervisor.cookie })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: '/api/companies/comp-nada', cookie: admin.cookie })).statusCode).toBe(404);
  });
});

describe('POST /api/companies', () => {
  it('creates a company with a trimmed name, the default roles and matrix, and logs it', async () => {
    const response = await ctx.request({ method: 'POST', url: '/api/companies', cookie: admin.cookie, payload: { name: '  Norte Seguridad  ' } });
    expect(response.statusCode).toBe(201);
    const company = response.json();
    expect(company).toMatchObject({ name: 'Norte Seguridad', assignedRoles: [defaultRoleIds.Empleado, defaultRoleIds.Supervisor], assignedCategories: [] });
    expect(company.id).toMatch(/^comp-/);
    expect(Object.keys(company.permissions).sort()).toEqual([defaultRoleIds.Empleado, defaultRoleIds.Supervisor]);
    expect(await lastAction(ctx, 'company.create')).toMatchObject({
      kind: 'company.create',
      company_id: company.id,
      actor_id: admin.id,
      message: 'Ana Admin ha creado la empresa «Norte Seguridad»',
    });
  });

  it('refuses an empty name with the spec message', async () => {
    for (const payload of [{ name: '   ' }, { name: '' }, {}]) {
      const response = await ctx.request({ method: 'POST', url: '/api/companies', cookie: admin.cookie, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: 'VALIDATION_ERROR', message: 'El nombre de la empresa no puede estar vacío.' });
    }
  });

  it('is for administrators only', async () => {
    for (const user of [supervisor, employee]) {
      const response = await ctx.request({ method: 'POST', url: '/api/companies', cookie: user.cookie, payload: { name: 'Otra' } });
      expect(response.statusCode).toBe(403);
    }
    expect((await ctx.request({ method: 'POST', url: '/api/companies', payload: { name: 'Otra' } })).statusCode).toBe(401);
  });
});

describe('PUT /api/companies/:id', () => {
  it('renames a company and logs the old and new names', async () => {
    const company = await ctx.factories.company('Antiguo Nombre');
    const response = await ctx.request({ method: 'PUT', url: `/api/companies/${company.id}`, cookie: admin.cookie, payload: { name: 'Nuevo Nombre ' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('Nuevo Nombre');
    expect((await lastAction(ctx, 'company.update')).message).toBe('Ana Admin ha renombrado la empresa «Antiguo Nombre» a «Nuevo Nombre»');
  });

  it('refuses an empty name, a missing company and non-administrators', async () => {
    const empty = await ctx.request({ method: 'PUT', url: `/api/companies/${home.id}`, cookie: admin.cookie, payload: { name: ' ' } });
    expect(empty.json().error.message).toBe('El nombre de la empresa no puede estar vacío.');
    const missing = await ctx.request({ method: 'PUT', url: '/api/companies/comp-nada', cookie: admin.cookie, payload: { name: 'X' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Empresa no encontrada.');
    for (const user of [supervisor, employee]) {
      expect((await ctx.request({ method: 'PUT', url: `/api/companies/${home.id}`, cookie: user.cookie, payload: { name: 'X' } })).statusCode).toBe(403);
    }
  });
});

describe('DELETE /api/companies/:id', () => {
  it('needs the typed name to match', async () => {
    const company = await ctx.factories.company('Confirmación');
    const response = await ctx.request({ method: 'DELETE', url: `/api/companies/${company.id}`, cookie: admin.cookie, payload: { confirmName: 'confirmacion' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('El nombre escrito no coincide con el de la empresa.');
    expect(await ctx.db.selectFrom('companies').select('id').where('id', '=', company.id).executeTakeFirst()).toBeDefined();
  });

  it("answers 'Empresa no encontrada.' for a missing company", async () => {
    const response = await ctx.request({ method: 'DELETE', url: '/api/companies/comp-nada', cookie: admin.cookie, payload: { confirmName: 'X' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'Empresa no encontrada.' });
  });

  it('is for administrators only', async () => {
    for (const user of [supervisor, employee]) {
      const response = await ctx.request({ method: 'DELETE', url: `/api/companies/${home.id}`, cookie: user.cookie, payload: { confirmName: home.name } });
      expect(response.statusCode).toBe(403);
    }
  });

  it('removes the company with its users, sessions, categories links, events, roles and matrix, and nothing else', async () => {
    const doomed = await ctx.factories.company('Condenada S.L.');
    const category = await ctx.factories.category({ companyIds: [doomed.id, other.id] });
    const worker = await signInAs(ctx, 'Empleado', doomed.id, { categoryIds: [category.id] });
    const boss = await signInAs(ctx, 'Supervisor', doomed.id);
    const event = await insertEvent(doomed.id, [worker.id]);
    const keptEvent = await insertEvent(other.id);

    const response = await ctx.request({ method: 'DELETE', url: `/api/companies/${doomed.id}`, cookie: admin.cookie, payload: { confirmName: ' Condenada S.L. ' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    const count = async (table: 'users' | 'company_roles' | 'company_permissions', column: 'company_id') =>
      (await ctx.db.selectFrom(table).select(column).where(column, '=', doomed.id).execute()).length;
    expect(await ctx.db.selectFrom('companies').select('id').where('id', '=', doomed.id).execute()).toHaveLength(0);
    expect(await count('users', 'company_id')).toBe(0);
    expect(await count('company_roles', 'company_id')).toBe(0);
    expect(await count('company_permissions', 'company_id')).toBe(0);
    expect(await ctx.db.selectFrom('sessions').select('id').where('user_id', 'in', [worker.id, boss.id]).execute()).toHaveLength(0);
    expect(await ctx.db.selectFrom('user_categories').select('user_id').where('user_id', '=', worker.id).execute()).toHaveLength(0);
    expect(await ctx.db.selectFrom('events').select('id').where('id', '=', event.id).execute()).toHaveLength(0);
    expect(await ctx.db.selectFrom('event_assignments').select('event_id').where('event_id', '=', event.id).execute()).toHaveLength(0);
    // The category itself is platform-wide and stays, still assigned to the other company.
    expect(await ctx.db.selectFrom('company_categories').select('company_id').where('category_id', '=', category.id).execute()).toEqual([{ company_id: other.id }]);
    expect(await ctx.db.selectFrom('events').select('id').where('id', '=', keptEvent.id).execute()).toHaveLength(1);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', cookie: worker.cookie })).statusCode).toBe(401);
    expect(await lastAction(ctx, 'company.delete')).toMatchObject({ kind: 'company.delete', company_id: doomed.id, message: 'Ana Admin ha eliminado la empresa «Condenada S.L.»' });
  });
  it('rolls everything back when one step fails: the cascade is one transaction', async () => {
    const company = await ctx.factories.company('Indestructible');
    const worker = await ctx.factories.user({ role: 'Empleado', companyId: company.id });
    // A table the cascade does not know, holding on to the company, makes its last delete fail.
    await sql`create table cascade_blocker (company_id text not null references companies(id))`.execute(ctx.db);
    await sql`insert into cascade_blocker (company_id) values (${company.id})`.execute(ctx.db);
    try {
      const response = await ctx.request({ method: 'DELETE', url: `/api/companies/${company.id}`, cookie: admin.cookie, payload: { confirmName: company.name } });
      expect(response.statusCode).toBe(500);
      expect(await ctx.db.selectFrom('users').select('id').where('id', '=', worker.id).execute()).toHaveLength(1);
      expect(await ctx.db.selectFrom('company_roles').select('role_id').where('company_id', '=', company.id).execute()).toHaveLength(2);
      expect(await ctx.db.selectFrom('action_log').select('id').where('kind', '=', 'company.delete').where('company_id', '=', company.id).execute()).toHaveLength(0);
    } finally {
      await sql`drop table cascade_blocker`.execute(ctx.db);
    }
  });
});

describe('PUT /api/companies/:id/assignments', () => {
  it('replaces roles and categories; a removed role loses its matrix row and a removed category leaves the users', async () => {
    const company = await ctx.factories.company('Asignada');
    const kept = await ctx.factories.category({ companyIds: [company.id] });
    const dropped = await ctx.factories.category({ companyIds: [company.id] });
    const added = await ctx.factories.category();
    const worker = await ctx.factories.user({ role: 'Empleado', companyId: company.id, categoryIds: [kept.id, dropped.id] });

    const response = await ctx.request({
      method: 'PUT',
      url: `/api/companies/${company.id}/assignments`,
      cookie: admin.cookie,
      payload: { assignedRoles: [defaultRoleIds.Supervisor], assignedCategories: [kept.id, added.id, added.id] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ assignedRoles: [defaultRoleIds.Supervisor], assignedCategories: [kept.id, added.id].sort() });
    expect(response.json().permissions).not.toHaveProperty(defaultRoleIds.Empleado);
    const workerCategories = await ctx.db.selectFrom('user_categories').select('category_id').where('user_id', '=', worker.id).execute();
    expect(workerCategories).toEqual([{ category_id: kept.id }]);
    expect((await lastAction(ctx, 'company.assignments')).message).toBe('Ana Admin ha actualizado los roles y categorías de la empresa «Asignada»');

    const again = await ctx.request({
      method: 'PUT',
      url: `/api/companies/${company.id}/assignments`,
      cookie: admin.cookie,
      payload: { assignedRoles: [defaultRoleIds.Supervisor, defaultRoleIds.Empleado], assignedCategories: [] },
    });
    expect(again.json().permissions[defaultRoleIds.Empleado]).toEqual(['my-hours', 'my-documents', 'shifts', 'work-reports', 'my-signature']);
    expect(again.json().assignedCategories).toEqual([]);
    expect(await ctx.db.selectFrom('user_categories').select('category_id').where('user_id', '=', worker.id).execute()).toEqual([]);
  });

  it('refuses unknown roles and categories and the Administrador role with 422', async () => {
    const cases = [
      { assignedRoles: ['role-nada'], assignedCategories: [], message: 'Alguno de los roles indicados no existe.' },
      { assignedRoles: [defaultRoleIds.Administrador], assignedCategories: [], message: 'El rol Administrador no se asigna a empresas.' },
      { assignedRoles: [], assignedCategories: ['cat-nada'], message: 'Alguna de las categorías indicadas no existe.' },
    ];
    for (const { message, ...payload } of cases) {
      const response = await ctx.request({ method: 'PUT', url: `/api/companies/${home.id}/assignments`, cookie: admin.cookie, payload });
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toEqual({ code: 'UNPROCESSABLE', message });
    }
  });

  it('answers 404 for a missing company and 403 to non-administrators', async () => {
    const payload = { assignedRoles: [], assignedCategories: [] };
    expect((await ctx.request({ method: 'PUT', url: '/api/companies/comp-nada/assignments', cookie: admin.cookie, payload })).statusCode).toBe(404);
    for (const user of [supervisor, employee]) {
      expect((await ctx.request({ method: 'PUT', url: `/api/companies/${home.id}/assignments`, cookie: user.cookie, payload })).statusCode).toBe(403);
    }
  });
});

describe('OpenAPI', () => {
  it('gives every administration operation a tag and a Spanish summary', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const prefixes = /^\/api\/(companies|categories|roles|users|employees|permissions|action-log|account)\b/;
    const operations = Object.entries(document.paths as Record<string, Record<string, { tags: string[]; summary: string }>>)
      .filter(([path]) => prefixes.test(path))
      .flatMap(([, methods]) => Object.values(methods));
    expect(operations.length).toBeGreaterThanOrEqual(26);
    for (const operation of operations) {
      expect(operation.tags).toHaveLength(1);
      expect(operation.summary).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóúñ]+ /);
    }
  });
});
