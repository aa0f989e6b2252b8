import { describe, expect, it } from 'vitest';
import { defaultRoleIds } from '@jornada/shared/permissions';
import { lastAction } from '../../test/last-action';
import { signInAs } from '../../test/sign-in';
import { useTwoCompaniesWithCategories } from '../../test/worlds';

const { ctx, home, other, homeCategory, otherCategory, admin, supervisor, employee } = useTwoCompaniesWithCategories();

const NEW_PASSWORD = 'Nueva-Clave1!';
let sequence = 0;
const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'Juan Pérez',
  username: `juan.perez${++sequence}`,
  password: NEW_PASSWORD,
  email: 'juan@example.test',
  roleId: defaultRoleIds.Empleado,
  companyId: home.id,
  categoryIds: [homeCategory.id],
  ...overrides,
});
const create = (payload: object, cookie = admin.cookie) => ctx.request({ method: 'POST', url: '/api/users', cookie, payload });
const update = (id: string, payload: object, cookie = admin.cookie) => ctx.request({ method: 'PUT', url: `/api/users/${id}`, cookie, payload });
const signIn = (username: string, password: string) => ctx.request({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

describe('GET /api/users', () => {
  it('lists users with role, username, company and categories, never a password hash', async () => {
    const worker = await ctx.factories.user({ role: 'Empleado', companyId: home.id, name: 'Aaron Primero', categoryIds: [homeCategory.id] });
    const response = await ctx.request({ method: 'GET', url: '/api/users?limit=200', cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('argon2');
    const listed = response.json().items.find((user: { id: string }) => user.id === worker.id);
    expect(listed).toEqual({
      id: worker.id,
      name: 'Aaron Primero',
      username: worker.username,
      email: `${worker.username}@example.test`,
      phone: null,
      roleId: defaultRoleIds.Empleado,
      role: 'Empleado',
      roleName: 'Empleado',
      companyId: home.id,
      company: { id: home.id, name: 'Vigilancia Norte' },
      categoryIds: [homeCategory.id],
      categories: [{ id: homeCategory.id, name: 'Escolta' }],
      isDisabled: false,
      isDeleted: false,
      invitationPending: false,
    });
    expect(response.json().items.find((user: { id: string }) => user.id === admin.id)).toMatchObject({ companyId: null, company: null, role: 'Administrador' });
  });

  it('filters by company: all, none (administrators) or one company', async () => {
    const foreign = await ctx.factories.user({ role: 'Supervisor', companyId: other.id });
    const ids = async (filter: string) =>
      (await ctx.request({ method: 'GET', url: `/api/users?companyId=${filter}&limit=200`, cookie: admin.cookie })).json().items.map((user: { id: string }) => user.id);
    expect(await ids('all')).toEqual(expect.arrayContaining([admin.id, supervisor.id, foreign.id]));
    const none = await ids('none');
    expect(none).toContain(admin.id);
    expect(none).not.toContain(supervisor.id);
    const inOther = await ids(other.id);
    expect(inOther).toContain(foreign.id);
    expect(inOther).not.toContain(supervisor.id);
  });

  it('pages by name with a cursor, without gaps or repeats', async () => {
    const all = (await ctx.request({ method: 'GET', url: '/api/users?limit=200', cookie: admin.cookie })).json().items.map((user: { id: string }) => user.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await ctx.request({ method: 'GET', url: `/api/users?limit=2${query}`, cookie: admin.cookie })).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((user: { id: string }) => user.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
    const bad = await ctx.request({ method: 'GET', url: '/api/users?cursor=basura', cookie: admin.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('El cursor de paginación no es válido.');
    expect((await ctx.request({ method: 'GET', url: '/api/users?limit=500', cookie: admin.cookie })).statusCode).toBe(400);
  });

  it('answers 401 signed out and 403 to supervisors and employees', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    for (const user of [supervisor, employee]) expect((await ctx.request({ method: 'GET', url: '/api/users', cookie: user.cookie })).statusCode).toBe(403);
  });
});

describe('POST /api/users', () => {
  it('creates an employee with company and categories who can then sign in, and logs it', async () => {
    const payload = newUser({ name: ' Juan Pérez ', username: ' juan.nuevo ' });
    const response = await create(payload);
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      name: 'Juan Pérez',
      username: 'juan.nuevo',
      role: 'Empleado',
      company: { id: home.id, name: 'Vigilancia Norte' },
      categories: [{ id: homeCategory.id, name: 'Escolta' }],
      isDisabled: false,
    });
    expect(user.id).toMatch(/^user-/);
    expect(response.body).not.toContain(NEW_PASSWORD);
    expect((await signIn('juan.nuevo', NEW_PASSWORD)).statusCode).toBe(200);
    expect(await lastAction(ctx, 'user.create')).toMatchObject({ company_id: home.id, message: 'Ana Admin ha creado el usuario «Juan Pérez»' });
  });

  it('creates an administrator with no company and no categories', async () => {
    const response = await create(newUser({ roleId: defaultRoleIds.Administrador, companyId: null, categoryIds: [] }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ role: 'Administrador', companyId: null, categories: [] });
  });

  it('validates the form rules with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ' }, 'El nombre es obligatorio.'],
      [{ username: '' }, 'El nombre de usuario es obligatorio.'],
      [{ roleId: undefined }, 'El rol es obligatorio.'],
      [{ password: undefined }, 'La contraseña es obligatoria.'],
      [{ password: '' }, 'La contraseña es obligatoria.'],
      [{ password: 'corta1!' }, 'La contraseña debe tener 8+ caracteres, una mayúscula y un carácter especial.'],
      [{ password: 'sinmayuscula1!' }, 'La contraseña debe tener 8+ caracteres, una mayúscula y un carácter especial.'],
      [{ password: 'SinEspecial123' }, 'La contraseña debe tener 8+ caracteres, una mayúscula y un carácter especial.'],
      [{ companyId: null, categoryIds: [] }, 'Se debe asignar una empresa a los usuarios no administradores.'],
      [{ roleId: defaultRoleIds.Administrador, categoryIds: [] }, 'Un administrador no pertenece a ninguna empresa ni tiene categorías.'],
      [{ roleId: defaultRoleIds.Administrador, companyId: null }, 'Un administrador no pertenece a ninguna empresa ni tiene categorías.'],
      [{ email: 'no-es-un-correo' }, 'El correo electrónico no es válido.'],
    ];
    for (const [overrides, message] of cases) {
      const response = await create(newUser(overrides));
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error).toEqual({ code: 'VALIDATION_ERROR', message });
    }
  });

  it("refuses a taken username (409), an unknown company and another company's category (422)", async () => {
    const taken = await create(newUser({ username: employee.username }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({ code: 'CONFLICT', message: 'El nombre de usuario ya existe.' });
    const unknownCompany = await create(newUser({ companyId: 'comp-nada', categoryIds: [] }));
    expect(unknownCompany.statusCode).toBe(422);
    expect(unknownCompany.json().error.message).toBe('La empresa indicada no existe.');
    const foreignCategory = await create(newUser({ categoryIds: [otherCategory.id] }));
    expect(foreignCategory.statusCode).toBe(422);
    expect(foreignCategory.json().error).toEqual({ code: 'UNPROCESSABLE', message: 'Las categorías deben estar asignadas a la empresa del usuario.' });
  });

  it('is for administrators only', async () => {
    for (const user of [supervisor, employee]) expect((await create(newUser(), user.cookie)).statusCode).toBe(403);
    expect((await ctx.request({ method: 'POST', url: '/api/users', payload: newUser() })).statusCode).toBe(401);
  });
});

describe('PUT /api/users/:id', () => {
  it('edits the user; a blank password keeps the current one', async () => {
    const user = await ctx.factories.user({ role: 'Empleado', companyId: home.id });
    const response = await update(user.id, newUser({ name: 'Nombre Nuevo', username: user.username, password: '', companyId: other.id, categoryIds: [otherCategory.id] }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Nombre Nuevo', company: { id: other.id }, categoryIds: [otherCategory.id] });
    expect((await signIn(user.username, user.password)).statusCode).toBe(200);
    expect((await lastAction(ctx, 'user.update')).message).toBe('Ana Admin ha actualizado el usuario «Nombre Nuevo»');
    const omitted = await update(user.id, { ...newUser({ username: user.username, companyId: other.id, categoryIds: [] }), password: undefined });
    expect(omitted.statusCode).toBe(200);
    expect((await signIn(user.username, user.password)).statusCode).toBe(200);
  });

  it("sets a new password, which must follow the rule, and ends the user's sessions", async () => {
    const user = await signInAs(ctx, 'Empleado', home.id);
    const weak = await update(user.id, newUser({ username: user.username, password: 'debil' }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toBe('La contraseña debe tener 8+ caracteres, una mayúscula y un carácter especial.');
    expect((await update(user.id, newUser({ username: user.username, password: NEW_PASSWORD }))).statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', cookie: user.cookie })).statusCode).toBe(401);
    expect((await signIn(user.username, user.password)).statusCode).toBe(401);
    expect((await signIn(user.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps usernames unique on update too, and applies the company rules', async () => {
    const user = await ctx.factories.user({ role: 'Empleado', companyId: home.id });
    const taken = await update(user.id, newUser({ username: supervisor.username }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('El nombre de usuario ya existe.');
    const noCompany = await update(user.id, newUser({ username: user.username, companyId: null, categoryIds: [] }));
    expect(noCompany.json().error.message).toBe('Se debe asignar una empresa a los usuarios no administradores.');
    const foreignCategory = await update(user.id, newUser({ username: user.username, categoryIds: [otherCategory.id] }));
    expect(foreignCategory.statusCode).toBe(422);
  });

  it('does not let an administrator change their own role', async () => {
    const response = await update(admin.id, newUser({ username: admin.username, name: admin.name, roleId: defaultRoleIds.Supervisor }));
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe('No puedes cambiar tu propio rol.');
  });

  it('answers 404 for a missing or deleted user and 403 to non-administrators', async () => {
    const missing = await update('user-nada', newUser());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Usuario no encontrado.');
    const deleted = await ctx.factories.user({ role: 'Empleado', companyId: home.id, deleted: true });
    expect((await update(deleted.id, newUser({ username: deleted.username }))).statusCode).toBe(404);
    for (const user of [supervisor, employee]) expect((await update(employee.id, newUser(), user.cookie)).statusCode).toBe(403);
  });
});

describe('DELETE /api/users/:id', () => {
  it('soft-deletes: signed out at once, cannot sign in, no longer listed, data kept, logged', async () => {
    const user = await signInAs(ctx, 'Empleado', home.id, { name: 'Despedido García', categoryIds: [homeCategory.id] });
    const response = await ctx.request({ method: 'DELETE', url: `/api/users/${user.id}`, cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', cookie: user.cookie })).statusCode).toBe(401);
    expect((await signIn(user.username, user.password)).statusCode).toBe(401);
    const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect([Number(row.is_deleted), Number(row.is_disabled), row.name]).toEqual([1, 1, 'Despedido García']);
    expect(await ctx.db.selectFrom('user_categories').select('category_id').where('user_id', '=', user.id).execute()).toHaveLength(1);
    const listed = (await ctx.request({ method: 'GET', url: '/api/users?limit=200', cookie: admin.cookie })).json().items;
    expect(listed.map((listedUser: { id: string }) => listedUser.id)).not.toContain(user.id);
    expect(await lastAction(ctx, 'user.delete')).toMatchObject({ company_id: home.id, message: 'Ana Admin ha eliminado el usuario «Despedido García»' });
    expect((await ctx.request({ method: 'DELETE', url: `/api/users/${user.id}`, cookie: admin.cookie })).statusCode).toBe(404);
  });

  it('does not let an administrator delete themselves', async () => {
    const response = await ctx.request({ method: 'DELETE', url: `/api/users/${admin.id}`, cookie: admin.cookie });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe('No puedes eliminar tu propio usuario.');
  });

  it('answers 404 for a missing user and 403 to non-administrators', async () => {
    expect((await ctx.request({ method: 'DELETE', url: '/api/users/user-nada', cookie: admin.cookie })).statusCode).toBe(404);
    for (const user of [supervisor, employee]) {
      expect((await ctx.request({ method: 'DELETE', url: `/api/users/${employee.id}`, cookie: user.cookie })).statusCode).toBe(403);
    }
  });
});
