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

/** The supervisor's sidebar, section by section (the administrator has the same sections, closed at first). */
const supervisorEntries = {
  Equipo: ['Empleados', 'Gestionar Vacaciones', 'Pagos', 'Reglas de pago', 'Caducidades'],
  Eventos: ['Supervisar Eventos', 'Gestionar Eventos', 'Cuadrante', 'Eventos Finalizados', 'Partes de Empleados'],
  'Fichajes y registro': ['Fichajes', 'Registro de Jornada', 'Correcciones'],
  Material: ['Gestionar Material', 'Material Prestado'],
  Administración: ['Normas de Jornada', 'Calendario Laboral', 'Accesos de Inspección', 'Webhooks', 'Importar', 'Tokens de API'],
};
/** The supervisor's setup sections, closed until opened (decision 034, addendum). */
const closedAtFirst = ['Material', 'Administración'];
const supervisorSections = Object.keys(supervisorEntries);

test.describe('the sidebar per role', () => {
  test('administrator: own sections open, the supervisor sections closed until asked for', async ({ page }) => {
    await signIn(page, admin.username, admin.password);
    const nav = sidebar(page);
    await expect(nav.getByRole('link', { name: 'Inicio' })).toBeVisible();
    const sections = {
      Plataforma: ['Gestionar Empresas', 'Gestionar Usuarios', 'Gestionar Categorías', 'Gestionar Roles', 'Vistas y Privilegios'],
      Auditoría: ['Registro de Acciones', 'Integridad del Registro', 'Archivo Legal', 'Correos Enviados', 'Tareas Fallidas'],
    };
    for (const [section, entries] of Object.entries(sections)) {
      await expect(nav.getByRole('heading', { name: section, level: 2 })).toBeVisible();
      for (const entry of entries) await expect(nav.getByRole('list', { name: section }).getByRole('link', { name: entry, exact: true })).toBeVisible();
    }
    for (const section of supervisorSections) {
      await expect(nav.getByRole('button', { name: section, exact: true })).toHaveAttribute('aria-expanded', 'false');
    }
    await nav.getByRole('button', { name: 'Fichajes y registro', exact: true }).click();
    await nav.getByRole('list', { name: 'Fichajes y registro' }).getByRole('link', { name: 'Fichajes', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Fichajes', level: 1, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Fichajes', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Mis Horas' })).toHaveCount(0);
    await expect(page.getByText('Hola, Administrador')).toBeVisible();
  });

  test('supervisor: named sections; the daily ones open and every entry in sight at 1280 × 800', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, supervisor.username, supervisor.password);
    const nav = sidebar(page);
    const inSight = async (section: string) => {
      const list = nav.getByRole('list', { name: section });
      for (const entry of supervisorEntries[section as keyof typeof supervisorEntries]) await expect(list.getByRole('link', { name: entry, exact: true })).toBeInViewport();
    };
    for (const section of supervisorSections) {
      await expect(nav.getByRole('heading', { name: section, level: 2 })).toBeInViewport();
      await expect(nav.getByRole('button', { name: section, exact: true })).toHaveAttribute('aria-expanded', closedAtFirst.includes(section) ? 'false' : 'true');
      if (!closedAtFirst.includes(section)) await inSight(section);
    }
    for (const entry of ['Inicio', 'Ahora', 'Turnos Abiertos', 'Mi Disponibilidad', 'Mi Cuenta']) await expect(nav.getByRole('link', { name: entry, exact: true })).toBeInViewport();
    await expect(nav.getByRole('link', { name: 'Gestionar Usuarios' })).toHaveCount(0);
    await expect(page.getByText(`Hola, ${supervisor.name}`)).toBeVisible();

    // A closed section opens from its heading with every entry (the menu may scroll to them); the
    // choice outlives a reload (a preference of this browser), and the page opened from it keeps its
    // section open.
    for (const section of closedAtFirst) {
      await nav.getByRole('button', { name: section, exact: true }).click();
      const list = nav.getByRole('list', { name: section });
      for (const entry of supervisorEntries[section as keyof typeof supervisorEntries]) {
        const link = list.getByRole('link', { name: entry, exact: true });
        await link.scrollIntoViewIfNeeded();
        await expect(link).toBeInViewport();
      }
      await nav.getByRole('button', { name: section, exact: true }).click();
      await expect(nav.getByRole('list', { name: section })).toBeHidden();
    }
    await nav.getByRole('button', { name: 'Material', exact: true }).click();
    await page.reload();
    await expect(nav.getByRole('button', { name: 'Material', exact: true })).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('link', { name: 'Gestionar Material' }).click();
    await expect(page.getByRole('heading', { name: 'Gestionar Material', level: 1 })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Gestionar Material' })).toHaveAttribute('aria-current', 'page');
    // Reached by its address, a page inside a closed section opens that section.
    await page.goto('/dashboard/webhooks');
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Webhooks', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Webhooks', exact: true })).toBeInViewport();
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

  test("the supervisor's drawer has the same sections, and Mi Cuenta stays in sight", async ({ page }) => {
    await signIn(page, supervisor.username, supervisor.password);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menú' });
    for (const section of supervisorSections) await expect(drawer.getByRole('heading', { name: section, level: 2 })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Mi Cuenta' })).toBeInViewport();
    const timeLog = drawer.getByRole('list', { name: 'Fichajes y registro' }).getByRole('link', { name: 'Fichajes', exact: true });
    await timeLog.scrollIntoViewIfNeeded();
    await timeLog.click();
    await expect(page.getByRole('heading', { name: 'Fichajes', level: 1, exact: true })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
