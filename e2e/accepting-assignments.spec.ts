import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { admin } from './support/credentials';
import { adminSession, createTeam, uniqueSuffix, withApi, type TestPerson } from './support/api';
import { expect, test } from './support/test';
import { madridDay, signIn } from './support/ui';

/*
 * Issue 27 item 2 (decision 046): the administrator turns 'Aceptación de turnos' on in the company's
 * settings; the supervisor assigns the employee to two events; the employee, on a phone, declines
 * one with a reason and accepts the other in 'Mis Turnos'; the supervisor sees 'Aceptado' and
 * 'Rechazado' with the reason. Screenshots of the pending shift and the supervisor's view.
 */
const screenshotsDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');

async function team() {
  const api = await adminSession();
  const made = await createTeam(api);
  await api.dispose();
  return made;
}

async function turnOnAccepting(page: Page, companyName: string) {
  await signIn(page, admin.username, admin.password);
  await page.goto('/dashboard/manage-companies');
  await page.getByRole('button', { name: `Ajustes de fichaje de ${companyName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Ajustes de fichaje de ${companyName}` });
  const toggle = dialog.getByRole('switch', { name: 'Aceptación de turnos' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ajustes guardados', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.context().clearCookies();
}

/** The supervisor creates an event with the employee through 'Nuevo evento'. */
async function createWithEmployee(page: Page, employee: TestPerson, name: string, day: string) {
  await page.goto('/dashboard/manage-events');
  await page.getByRole('button', { name: 'Nuevo evento' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo evento' });
  await form.getByLabel('Nombre', { exact: true }).fill(name);
  await form.getByLabel('Ubicación', { exact: true }).fill('Estadio');
  await form.getByLabel('Inicio', { exact: true }).fill(`${day}T10:00`);
  await form.getByLabel('Fin', { exact: true }).fill(`${day}T14:00`);
  await form.getByRole('button', { name: 'Asignar empleados' }).click();
  const staff = page.getByRole('dialog', { name: 'Asignar empleados' });
  await staff.getByRole('checkbox', { name: employee.name }).check();
  await staff.getByRole('button', { name: 'Listo' }).click();
  await form.getByRole('button', { name: 'Crear evento' }).click();
  await expect(form).toBeHidden();
}

const shiftCard = (page: Page, name: string) => page.getByRole('article', { name });

test('the employee declines one shift with a reason and accepts another; the supervisor sees both answers', async ({ page }) => {
  const { company, supervisor, employee } = await team();
  const gala = `Gala ${uniqueSuffix()}`;
  const partido = `Partido ${uniqueSuffix()}`;
  await turnOnAccepting(page, company.name);

  await signIn(page, supervisor.username, supervisor.password);
  await createWithEmployee(page, employee, gala, madridDay(4));
  await createWithEmployee(page, employee, partido, madridDay(5));
  // Before any answer the card says how many wait.
  await expect(page.getByRole('row').filter({ hasText: gala }).getByText('1 pendiente', { exact: true })).toBeVisible();
  await page.context().clearCookies();

  // The employee, on a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, employee.username, employee.password);
  await page.goto('/dashboard/shifts');
  const galaCard = shiftCard(page, gala);
  await expect(galaCard.getByText('Pendiente de aceptar', { exact: true })).toBeVisible();
  await galaCard.getByRole('button', { name: 'Rechazar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rechazar turno' });
  // No reason: a clear message, nothing sent.
  await dialog.getByRole('button', { name: 'Rechazar turno' }).click();
  await expect(dialog.getByText('Escribe el motivo del rechazo (como mucho 500 caracteres).')).toBeVisible();
  await dialog.getByLabel('Motivo').fill('Tengo un examen ese día');
  await dialog.getByRole('button', { name: 'Rechazar turno' }).click();
  await expect(page.getByText('Turno rechazado', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  // The declined shift is no longer the employee's; the other still waits.
  await expect(galaCard).toHaveCount(0);
  const partidoCard = shiftCard(page, partido);
  await partidoCard.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('Turno aceptado', { exact: true })).toBeVisible();
  await expect(partidoCard.getByText('Pendiente de aceptar', { exact: true })).toHaveCount(0);
  // The screen still works: the shift is listed, the finished tab opens.
  await expect(partidoCard).toBeVisible();
  await page.getByRole('tab', { name: 'Turnos finalizados' }).click();
  await expect(page.getByText('No tienes turnos finalizados.')).toBeVisible();
  await page.context().clearCookies();

  // The supervisor sees the answers.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, supervisor.username, supervisor.password);
  await page.goto('/dashboard/supervise-events');
  const galaSeen = page.getByRole('article', { name: gala });
  await expect(galaSeen.getByText('Rechazado', { exact: true })).toBeVisible();
  await expect(galaSeen.getByText('Motivo: Tengo un examen ese día', { exact: true })).toBeVisible();
  await expect(galaSeen.getByText('Sin personal asignado.')).toHaveCount(0);
  await expect(page.getByRole('article', { name: partido }).getByText(employee.name, { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: partido }).getByText('Aceptado', { exact: true })).toHaveCount(0);
  await page.goto('/dashboard/manage-events');
  await expect(page.getByRole('row').filter({ hasText: gala }).getByText('1 rechazado', { exact: true })).toBeVisible();

  // The supervisors were told, with the reason.
  const told = await withApi(supervisor, (api) => api.get<{ items: Array<{ kind: string; body: string }> }>('/notifications'));
  expect(told.items.find((item) => item.kind === 'event.declined')?.body).toContain('Motivo: Tengo un examen ese día');
});

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test.describe(`@screenshots accepting assignments ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("the employee's pending shift and the supervisor's view of the answers", async ({ page }) => {
      mkdirSync(screenshotsDir, { recursive: true });
      const { company, supervisor, employee } = await team();
      const names = { pending: `Concierto ${uniqueSuffix()}`, declined: `Feria ${uniqueSuffix()}` };
      const api = await adminSession();
      await api.put(`/companies/${company.id}/settings`, { geofenceMode: 'flag', autoClockOut: false, autoClockOutToleranceMin: 30, acceptAssignments: true });
      await api.dispose();
      const events = await withApi(supervisor, async (api) => {
        const make = async (name: string, days: number) =>
          (await api.post<{ items: Array<{ id: string }> }>('/events', { name, location: 'Palacio de Congresos', date: `${madridDay(days)}T09:00:00.000Z`, endDate: `${madridDay(days)}T13:00:00.000Z`, assignedEmployees: [employee.id, supervisor.id] })).items[0]!;
        return { pending: await make(names.pending, 3), declined: await make(names.declined, 6) };
      });
      await withApi(employee, (api) => api.post(`/events/${events.declined.id}/decline`, { reason: 'Estoy de baja médica esa semana' }));
      await withApi(supervisor, (api) => api.post(`/events/${events.pending.id}/accept`));

      await signIn(page, employee.username, employee.password);
      await page.goto('/dashboard/shifts');
      await expect(shiftCard(page, names.pending).getByText('Pendiente de aceptar', { exact: true })).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `pending-shift-${viewport.name}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await page.context().clearCookies();
      await signIn(page, supervisor.username, supervisor.password);
      await page.goto('/dashboard/supervise-events');
      await expect(page.getByRole('article', { name: names.declined }).getByText('Motivo: Estoy de baja médica esa semana', { exact: true })).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `assignment-answers-${viewport.name}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}
