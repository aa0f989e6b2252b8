import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { adminSession, createCompany, createPerson, uniqueSuffix } from './support/api';
import { admin } from './support/credentials';
import { expect, test } from './support/test';
import { signIn } from './support/ui';

/*
 * Issue 27 item 7 (decision 043): the administrator creates a role based on Empleado, assigns it to a
 * company, grants it two screens in 'Vistas y Privilegios' and gives it to a person in 'Gestionar
 * Usuarios'. That person signs in and sees exactly those two screens of the grantable ones; a
 * withheld screen sends them back and its API answers 403. Screenshots of the role form and of the
 * delete dialog (people hold the role) at 375 and 1280 px.
 */
const screenshotsDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const toast = (page: Page, title: string) => page.getByText(title, { exact: true });

async function arrange() {
  const api = await adminSession();
  const company = await createCompany(api);
  const person = await createPerson(api, { role: 'Empleado', companyId: company.id });
  await api.dispose();
  return { company, person };
}

/** 'Gestionar Roles' → 'Nuevo rol', filled in but not saved. */
async function fillNewRole(page: Page, name: string) {
  await page.goto('/dashboard/manage-roles');
  await page.getByRole('button', { name: 'Nuevo rol' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo rol' });
  await dialog.getByLabel('Nombre', { exact: true }).fill(name);
  await dialog.getByLabel('Precio').fill('17.5');
  await dialog.getByLabel('Basado en').selectOption('Empleado');
  return dialog;
}

async function createRoleForCompany(page: Page, name: string, companyName: string) {
  const dialog = await fillNewRole(page, name);
  await dialog.getByRole('button', { name: 'Crear rol' }).click();
  await expect(toast(page, 'Rol creado')).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article', { name });
  await expect(card).toContainText('Basado en Empleado');
  await card.getByRole('button', { name: `Asignar empresas a ${name}` }).click();
  const companies = page.getByRole('dialog', { name: `Empresas del rol ${name}` });
  await companies.getByRole('checkbox', { name: companyName }).check();
  await companies.getByRole('button', { name: 'Guardar asignaciones' }).click();
  await expect(toast(page, 'Asignaciones guardadas')).toBeVisible();
  await expect(companies).toBeHidden();
}

async function giveRole(page: Page, person: { name: string }, roleName: string) {
  await page.goto('/dashboard/manage-users');
  await page.getByRole('button', { name: `Editar ${person.name}` }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Editar usuario' });
  await dialog.getByLabel('Rol', { exact: true }).selectOption({ label: roleName });
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(toast(page, 'Usuario actualizado')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a role based on Empleado, granted two screens and given to a person: they see exactly those, and a withheld one answers 403', async ({ page, browser }) => {
  test.slow(); // four administration screens, then the person's own session
  const { company, person } = await arrange();
  const roleName = `Vigilante nocturno ${uniqueSuffix()}`;
  await signIn(page, admin.username, admin.password);
  await createRoleForCompany(page, roleName, company.name);

  await page.goto('/dashboard/manage-permissions');
  await page.getByLabel('Empresa', { exact: true }).selectOption({ label: company.name });
  const views = page.getByRole('group', { name: roleName });
  await expect(views).toContainText('Basado en Empleado');
  // An Empleado-based role is offered the Empleado's screens only, none checked yet.
  await expect(views.getByRole('checkbox')).toHaveCount(5);
  await expect(views.getByRole('checkbox', { name: 'Empleados' })).toHaveCount(0);
  await views.getByRole('checkbox', { name: 'Mis Horas' }).check();
  await views.getByRole('checkbox', { name: 'Mis Turnos' }).check();
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(toast(page, 'Permisos guardados')).toBeVisible();

  await giveRole(page, person, roleName);
  const row = page.getByRole('table', { name: 'Usuarios' }).getByRole('row').filter({ hasText: person.name });
  await expect(row).toContainText(roleName);

  // The person, in a session of their own.
  const context = await browser.newContext();
  const own = await context.newPage();
  await signIn(own, person.username, person.password);
  await expect(own.getByText(roleName).first()).toBeVisible();
  const nav = own.getByRole('navigation', { name: 'Menú principal' });
  // 'Mis Turnos' is the menu's 'Turnos' group.
  await nav.getByRole('button', { name: 'Turnos', exact: true }).click();
  for (const granted of ['Mis Horas', 'Turnos Actuales', 'Turnos Finalizados']) await expect(nav.getByRole('link', { name: granted, exact: true })).toBeVisible();
  for (const withheld of ['Mis Documentos', 'Partes de Trabajo', 'Mi Firma', 'Empleados', 'Gestionar Eventos']) {
    await expect(nav.getByRole('link', { name: withheld, exact: true })).toHaveCount(0);
  }
  await nav.getByRole('link', { name: 'Turnos Actuales', exact: true }).click();
  await expect(own).toHaveURL(/\/dashboard\/shifts/);
  await expect(own.getByRole('heading', { level: 1 })).toBeVisible();
  // A withheld screen typed in the address bar goes back to the overview; its data answers 403.
  await own.goto('/dashboard/my-documents');
  await expect(own).toHaveURL(/\/dashboard\/overview$/);
  const denied = await own.request.get('/api/my-qualifications', { headers: { 'X-Requested-With': 'jornada' } });
  expect(denied.status()).toBe(403);
  expect((await denied.json()).error.message).toBe('Tu empresa no te ha concedido acceso a esta sección.');
  const allowed = await own.request.get('/api/events/shifts', { headers: { 'X-Requested-With': 'jornada' } });
  expect(allowed.status()).toBe(200);
  // The screen still works after all that.
  await own.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Mis Horas', exact: true }).click();
  await expect(own.getByRole('heading', { level: 1, name: 'Mis Horas' })).toBeVisible();
  await context.close();

  // Deleting the role asks where its holder moves; they become Empleado.
  await page.goto('/dashboard/manage-roles');
  await page.getByRole('article', { name: roleName }).getByRole('button', { name: `Eliminar ${roleName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar rol' });
  await expect(confirm).toContainText('1 persona tiene este rol');
  await expect(confirm.getByLabel('Pasan al rol')).toHaveValue('role-employee');
  await confirm.getByRole('button', { name: 'Eliminar rol' }).click();
  await expect(toast(page, 'Rol eliminado')).toBeVisible();
  await expect(page.getByRole('article', { name: roleName })).toHaveCount(0);
  await page.goto('/dashboard/manage-users');
  await expect(page.getByRole('table', { name: 'Usuarios' }).getByRole('row').filter({ hasText: person.name })).toContainText('Empleado');
});

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test.describe(`@screenshots custom roles ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the role form and the delete dialog of a held role', async ({ page }) => {
      mkdirSync(screenshotsDir, { recursive: true });
      const { company, person } = await arrange();
      const roleName = `Controlador ${uniqueSuffix()}`;
      await signIn(page, admin.username, admin.password);
      const dialog = await fillNewRole(page, roleName);
      await dialog.getByLabel('Basado en').selectOption('Supervisor');
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `role-form-${viewport.name}.png`), fullPage: true });
      await dialog.getByLabel('Basado en').selectOption('Empleado');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await createRoleForCompany(page, roleName, company.name);
      const api = await adminSession();
      const users = await api.get<{ items: { id: string; name: string; username: string; email: string | null; phone: string | null; categoryIds: string[] }[] }>(
        `/users?companyId=${company.id}`,
      );
      const roles = await api.get<{ id: string; name: string }[]>('/roles');
      const role = roles.find((candidate) => candidate.name === roleName)!;
      const current = users.items.find((item) => item.id === person.id)!;
      await api.put(`/users/${person.id}`, { ...current, roleId: role.id, companyId: company.id });
      await api.dispose();

      await page.reload();
      await page.getByRole('article', { name: roleName }).getByRole('button', { name: `Eliminar ${roleName}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Eliminar rol' });
      await expect(confirm.getByLabel('Pasan al rol')).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `role-delete-${viewport.name}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await confirm.getByRole('button', { name: 'Cancelar' }).click();
      await expect(confirm).toBeHidden();
    });
  });
}
