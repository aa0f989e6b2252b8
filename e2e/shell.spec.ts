import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { admin } from './support/credentials';
import { adminSession, createTeam, type TestPerson } from './support/api';
import { signIn } from './support/ui';

let supervisor: TestPerson;
let employee: TestPerson;

test.beforeAll(async () => {
  const api = await adminSession();
  ({ supervisor, employee } = await createTeam(api));
  await api.dispose();
});

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

test.describe('the sidebar per role', () => {
  test('administrator', async ({ page }) => {
    await signIn(page, admin.username, admin.password);
    const nav = sidebar(page);
    for (const entry of ['Inicio', 'Gestionar Empresas', 'Gestionar Categorías', 'Gestionar Usuarios', 'Registro de Acciones']) {
      await expect(nav.getByRole('link', { name: entry })).toBeVisible();
    }
    await nav.getByRole('button', { name: 'Vistas y Privilegios' }).click();
    await expect(nav.getByRole('link', { name: 'Permisos' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Roles' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Mis Horas' })).toHaveCount(0);
    await expect(page.getByText('Hola, Administrador')).toBeVisible();
  });

  test('supervisor', async ({ page }) => {
    await signIn(page, supervisor.username, supervisor.password);
    const nav = sidebar(page);
    for (const entry of ['Inicio', 'Empleados', 'Supervisar Eventos', 'Gestionar Eventos', 'Gestionar Material', 'Material Prestado', 'Gestionar Vacaciones', 'Pagos', 'Partes de Empleados', 'Registro de Eventos', 'Registro de Fichajes', 'Mi Cuenta']) {
      await expect(nav.getByRole('link', { name: entry, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Gestionar Usuarios' })).toHaveCount(0);
    await expect(page.getByText(`Hola, ${supervisor.name}`)).toBeVisible();
  });

  test('employee, with the Turnos submenu', async ({ page }) => {
    await signIn(page, employee.username, employee.password);
    const nav = sidebar(page);
    for (const entry of ['Inicio', 'Partes de Trabajo', 'Mis Horas', 'Mis Documentos', 'Mi Firma', 'Solicitar Vacaciones', 'Mi Cuenta']) {
      await expect(nav.getByRole('link', { name: entry, exact: true })).toBeVisible();
    }
    const turnos = nav.getByRole('button', { name: 'Turnos' });
    if ((await turnos.getAttribute('aria-expanded')) !== 'true') await turnos.click();
    await nav.getByRole('link', { name: 'Turnos Finalizados' }).click();
    await expect(page).toHaveURL(/\/dashboard\/shifts\?filter=finished$/);
    await expect(nav.getByRole('link', { name: 'Gestionar Eventos' })).toHaveCount(0);
    await page.goto('/dashboard/manage-events');
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the sidebar is a drawer that closes on navigation', async ({ page }) => {
    await signIn(page, employee.username, employee.password);
    await expect(sidebar(page)).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Mis Horas' }).click();
    await expect(page).toHaveURL(/\/dashboard\/my-hours$/);
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Mis Horas', level: 1 })).toBeVisible();
  });
});
