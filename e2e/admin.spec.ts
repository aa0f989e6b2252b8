import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { Category } from '@jornada/shared/schemas/categories';
import type { CompanyPermissions } from '@jornada/shared/schemas/permissions';
import type { UserPage } from '@jornada/shared/schemas/users';
import { admin } from './support/credentials';
import { adminSession, apiSession, createCompany, createPerson, createTeam, newPassword, uniqueSuffix, type ApiSession } from './support/api';
import { signIn } from './support/ui';

let api: ApiSession;

test.beforeAll(async () => {
  api = await adminSession();
});

test.afterAll(async () => {
  await api.dispose();
});

/** A toast's title (one toast at a time). */
const toast = (page: Page, title: string) => page.getByText(title, { exact: true });

async function openNewUserDialog(page: Page) {
  await page.goto('/dashboard/manage-users');
  await page.getByRole('button', { name: 'Nuevo usuario' }).click();
  return page.getByRole('dialog', { name: 'Nuevo usuario' });
}

test.describe('administration screens', () => {
  test('the admin creates a company, a category with required documents, and a supervisor and an employee for it', async ({ page }) => {
    test.slow(); // one long story through four screens, ending with two sign-ins
    const suffix = uniqueSuffix();
    const companyName = `Seguridad ${suffix} S.L.`;
    const categoryName = `Escolta ${suffix}`;
    await signIn(page, admin.username, admin.password);

    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Gestionar Empresas' }).click();
    await page.getByLabel('Nombre', { exact: true }).fill(`  ${companyName}  `);
    await page.getByRole('button', { name: 'Añadir empresa' }).click();
    await expect(toast(page, 'Empresa creada')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: companyName, exact: true })).toBeVisible();

    await page.goto('/dashboard/manage-categories');
    await page.getByRole('button', { name: 'Nueva categoría' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'Nueva categoría' });
    await categoryDialog.getByLabel('Nombre', { exact: true }).fill(categoryName);
    await categoryDialog.getByLabel('Precio').fill('24.75');
    await categoryDialog.getByRole('tab', { name: 'Empresas' }).click();
    await categoryDialog.getByRole('checkbox', { name: companyName }).check();
    await categoryDialog.getByRole('tab', { name: 'Documentos requeridos' }).click();
    await categoryDialog.getByRole('button', { name: 'Añadir documento' }).click();
    await categoryDialog.getByLabel('Nombre del documento 1').fill('DNI');
    await categoryDialog.getByLabel('Tipo del documento 1').selectOption('foto');
    await categoryDialog.getByRole('button', { name: 'Añadir documento' }).click();
    await categoryDialog.getByLabel('Nombre del documento 2').fill('Certificado de penales');
    await categoryDialog.getByRole('button', { name: 'Crear categoría' }).click();
    await expect(toast(page, 'Categoría creada')).toBeVisible();
    const card = page.getByRole('article', { name: categoryName });
    await expect(card).toContainText('24,75 €/hora');
    await expect(card).toContainText('DNI (foto)');
    await expect(card).toContainText('Certificado de penales (escrito)');

    const people = [
      { role: 'Supervisor', name: `Supervisora ${suffix}`, username: `sup.${suffix}`, password: newPassword() },
      { role: 'Empleado', name: `Empleado ${suffix}`, username: `emp.${suffix}`, password: newPassword() },
    ];
    for (const person of people) {
      const dialog = await openNewUserDialog(page);
      await dialog.getByLabel('Nombre completo').fill(person.name);
      await dialog.getByLabel('Nombre de usuario').fill(person.username);
      await dialog.getByLabel('Contraseña').fill(person.password);
      await dialog.getByLabel('Empresa', { exact: true }).selectOption({ label: companyName });
      await dialog.getByLabel('Rol', { exact: true }).selectOption({ label: person.role });
      await dialog.getByRole('checkbox', { name: categoryName }).check();
      await dialog.getByRole('button', { name: 'Crear usuario' }).click();
      await expect(toast(page, 'Usuario creado')).toBeVisible();
      await expect(dialog).toBeHidden();
    }

    // Read everything back through the API, and sign in as each new person.
    const categories = await api.get<Category[]>('/categories');
    const category = categories.find((item) => item.name === categoryName);
    expect(category?.price).toBe(24.75);
    expect(category?.requiredDocs.map(({ name, type }) => ({ name, type }))).toEqual([
      { name: 'DNI', type: 'foto' },
      { name: 'Certificado de penales', type: 'escrito' },
    ]);
    const companyId = category?.companyIds[0] ?? '';
    const users = await api.get<UserPage>(`/users?companyId=${companyId}`);
    expect(users.items.map((user) => [user.name, user.role, user.company?.name, user.categories.map((item) => item.name)])).toEqual([
      [`Empleado ${suffix}`, 'Empleado', companyName, [categoryName]],
      [`Supervisora ${suffix}`, 'Supervisor', companyName, [categoryName]],
    ]);
    for (const person of people) {
      const session = await apiSession(person.username, person.password);
      await session.dispose();
    }
  });

  test('the user form applies the company and role rules and shows the duplicate-username and no-company errors', async ({ page }) => {
    const company = await createCompany(api);
    const existing = await createPerson(api, { role: 'Empleado', companyId: company.id });
    await signIn(page, admin.username, admin.password);
    const dialog = await openNewUserDialog(page);
    const companySelect = dialog.getByLabel('Empresa', { exact: true });
    const roleSelect = dialog.getByLabel('Rol', { exact: true });

    // Administrador is not offered while a company is chosen; choosing a company clears an Administrador role.
    await roleSelect.selectOption({ label: 'Administrador' });
    await expect(companySelect).toHaveValue('');
    await companySelect.selectOption({ label: company.name });
    await expect(roleSelect).toHaveValue('');
    await expect(roleSelect.getByRole('option', { name: 'Administrador' })).toBeDisabled();

    await dialog.getByLabel('Nombre completo').fill('Persona Repetida');
    await dialog.getByLabel('Nombre de usuario').fill(existing.username);
    await dialog.getByLabel('Contraseña').fill(newPassword());
    await roleSelect.selectOption({ label: 'Empleado' });
    await dialog.getByRole('button', { name: 'Crear usuario' }).click();
    await expect(dialog.getByText('El nombre de usuario ya existe.')).toBeVisible();

    await dialog.getByLabel('Nombre de usuario').fill(`nueva.${uniqueSuffix()}`);
    // Corrected, the message goes (before the click: the button moves up as it does).
    await expect(dialog.getByText('El nombre de usuario ya existe.')).toBeHidden();
    await companySelect.selectOption({ label: 'Sin empresa' });
    await dialog.getByRole('button', { name: 'Crear usuario' }).click();
    await expect(dialog.getByText('Se debe asignar una empresa a los usuarios no administradores.')).toBeVisible();
    await expect(dialog).toBeVisible();

    const users = await api.get<UserPage>(`/users?companyId=${company.id}`);
    expect(users.items.map((user) => user.username)).toEqual([existing.username]);
  });

  test('the admin disables an employee, who can no longer sign in', async ({ page }) => {
    const { company, employee } = await createTeam(api);
    await signIn(page, admin.username, admin.password);
    await page.goto('/dashboard/view-employees');
    await page.getByLabel('Filtrar por empresa').selectOption({ label: company.name });
    await page.getByRole('button', { name: `Gestionar a ${employee.name}` }).click();
    const dialog = page.getByRole('dialog', { name: employee.name });
    await dialog.getByRole('button', { name: 'Deshabilitar Acceso' }).click();
    await expect(toast(page, 'Acceso Deshabilitado')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Habilitar Acceso' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(employee.name) })).toContainText('Deshabilitado');

    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByLabel('Usuario').fill(employee.username);
    await page.getByLabel('Contraseña').fill(employee.password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Error de autenticación' })).toContainText('deshabilitada');
    await expect(page).toHaveURL(/\/login$/);
  });

  test("removing a view from a company's Empleado role hides it from that employee's sidebar and route", async ({ page }) => {
    const { company, employee } = await createTeam(api);
    await signIn(page, admin.username, admin.password);
    await page.goto('/dashboard/manage-permissions');
    await page.getByLabel('Empresa', { exact: true }).selectOption({ label: company.name });
    const employeeViews = page.getByRole('group', { name: 'Empleado' });
    await employeeViews.getByRole('checkbox', { name: 'Mis Horas' }).uncheck();
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(toast(page, 'Permisos guardados')).toBeVisible();
    await page.reload();
    await page.getByLabel('Empresa', { exact: true }).selectOption({ label: company.name });
    await expect(page.getByRole('group', { name: 'Empleado' }).getByRole('checkbox', { name: 'Mis Horas' })).not.toBeChecked();
    await expect(page.getByRole('group', { name: 'Empleado' }).getByRole('checkbox', { name: 'Mis Turnos' })).toBeChecked();
    const saved = await api.get<CompanyPermissions>(`/permissions/${company.id}`);
    expect(saved.permissions['role-employee']).not.toContain('my-hours');

    await page.context().clearCookies();
    await signIn(page, employee.username, employee.password);
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(nav.getByRole('link', { name: 'Mis Documentos' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Mis Horas' })).toHaveCount(0);
    await page.goto('/dashboard/my-hours');
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
  });
});

test.describe('issue 21: what the screens offer', () => {
  test("'Gestionar Roles' offers 'Eliminar' only on the roles that may be deleted", async ({ page }) => {
    const custom = await api.post<{ id: string; name: string }>('/roles', { name: `Escolta ${uniqueSuffix()}`, price: 18 });
    await signIn(page, admin.username, admin.password);
    await page.goto('/dashboard/manage-roles');
    for (const name of ['Administrador', 'Supervisor', 'Empleado']) {
      const card = page.getByRole('article', { name, exact: true });
      await expect(card.getByRole('button', { name: `Editar ${name}` })).toBeVisible();
      await expect(card.getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);
    }
    // A role of one's own is still deletable, and deleting it leaves the screen working.
    const card = page.getByRole('article', { name: custom.name, exact: true });
    await card.getByRole('button', { name: `Eliminar ${custom.name}` }).click();
    await page.getByRole('dialog', { name: 'Eliminar rol' }).getByRole('button', { name: 'Eliminar rol' }).click();
    await expect(card).toBeHidden();
    await expect(page.getByRole('article', { name: 'Empleado', exact: true })).toBeVisible();
  });

  test("a required document named with its type reads 'DNI (foto)' once on the category card", async ({ page }) => {
    const company = await createCompany(api);
    const name = `Vigilante ${uniqueSuffix()}`;
    await api.post('/categories', {
      name,
      price: 20,
      companyIds: [company.id],
      requiredDocs: [
        { name: 'DNI (foto)', type: 'foto' },
        { name: 'Número TIP', type: 'escrito' },
      ],
    });
    await signIn(page, admin.username, admin.password);
    await page.goto('/dashboard/manage-categories');
    const card = page.getByRole('article', { name });
    await expect(card.getByText('DNI (foto)', { exact: true })).toBeVisible();
    await expect(card).not.toContainText('(foto) (foto)');
    await expect(card.getByText('Número TIP (escrito)', { exact: true })).toBeVisible();
  });
});
