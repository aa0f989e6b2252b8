import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { weekdayLabels } from '@jornada/shared/schemas/availability';
import { adminSession, createTeam, uniqueSuffix, type TestPerson } from './support/api';
import { expect, test } from './support/test';
import { madridDay, signIn } from './support/ui';

/*
 * Issue 27 item 5 (decision 044): an employee marks in 'Mi Disponibilidad' that they cannot work
 * every <weekday> evening; their supervisor sees it in the employee's dialog, and assigning them to
 * an event that evening warns ('Personal no disponible en ese horario') until 'Asignar igualmente'.
 * Screenshots of the screen and of the supervisor's tab at 375 and 1280 px.
 */
const screenshotsDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');

async function team() {
  const api = await adminSession();
  const made = await createTeam(api);
  await api.dispose();
  return made;
}

/** 'Lunes' … 'Domingo' of a 'YYYY-MM-DD' day. */
const weekdayOf = (day: string) => weekdayLabels[(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7]!;

async function openMyAvailability(page: Page) {
  await page.getByRole('link', { name: 'Mi Disponibilidad' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mi Disponibilidad' })).toBeVisible();
}

async function addWeekly(page: Page, weekday: string, from: string, to: string, note: string) {
  await page.getByLabel('Tipo', { exact: true }).selectOption({ label: 'Cada semana' });
  await page.getByLabel('Día de la semana').selectOption({ label: weekday });
  await page.getByRole('checkbox', { name: 'Todo el día' }).click();
  await page.getByLabel('Hora de inicio').fill(from);
  await page.getByLabel('Hora de fin').fill(to);
  await page.getByLabel('Nota (opcional)').fill(note);
  await page.getByRole('button', { name: 'Añadir', exact: true }).click();
}

async function openEmployeeAvailability(page: Page, employee: TestPerson) {
  await page.goto('/dashboard/view-employees');
  await page.getByRole('button', { name: `Gestionar a ${employee.name}` }).first().click();
  const dialog = page.getByRole('dialog', { name: employee.name });
  await dialog.getByRole('tab', { name: 'Disponibilidad' }).click();
  return dialog;
}

test('an employee marks an evening every week; assigning them then warns, and the supervisor assigns anyway', async ({ page }) => {
  const { supervisor, employee } = await team();
  const day = madridDay(5);
  const weekday = weekdayOf(day);
  const entry = `Cada ${weekday.toLowerCase()}, 18:00–23:00`;

  await signIn(page, employee.username, employee.password);
  await openMyAvailability(page);
  await expect(page.getByText('No has marcado ningún periodo: estás disponible siempre.')).toBeVisible();

  // Bad input: a clear message, nothing stored.
  await page.getByLabel('Desde').fill(madridDay(10));
  await page.getByLabel('Hasta').fill(madridDay(8));
  await page.getByRole('button', { name: 'Añadir', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'La fecha de fin no puede ser anterior a la de inicio.' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Periodos de no disponibilidad' })).toHaveCount(0);

  // A whole day, then removed again.
  await page.getByLabel('Hasta').fill('');
  await page.getByRole('button', { name: 'Añadir', exact: true }).click();
  const list = page.getByRole('list', { name: 'Periodos de no disponibilidad' });
  const dayLabel = madridDay(10).split('-').reverse().join('/');
  await expect(list.getByRole('listitem').filter({ hasText: `${dayLabel}, todo el día` })).toBeVisible();
  await list.getByRole('button', { name: `Quitar ${dayLabel}, todo el día` }).click();
  await page.getByRole('dialog', { name: 'Quitar periodo' }).getByRole('button', { name: 'Quitar', exact: true }).click();
  await expect(page.getByText('Periodo quitado', { exact: true })).toBeVisible();
  await expect(list).toHaveCount(0);

  await addWeekly(page, weekday, '18:00', '23:00', 'Clases de inglés');
  await expect(page.getByText('No disponibilidad guardada', { exact: true })).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: entry })).toContainText('Clases de inglés');

  // The supervisor sees it, read-only.
  await page.context().clearCookies();
  await signIn(page, supervisor.username, supervisor.password);
  const dialog = await openEmployeeAvailability(page, employee);
  await expect(dialog.getByRole('list', { name: 'Periodos de no disponibilidad' })).toContainText(entry);
  await expect(dialog.getByRole('button', { name: `Quitar ${entry}` })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // An event that evening, 19:00–22:00, with the employee: the warning, then 'Asignar igualmente'.
  const name = `Cena ${uniqueSuffix()}`;
  await page.goto('/dashboard/manage-events');
  await page.getByRole('button', { name: 'Nuevo evento' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo evento' });
  await form.getByLabel('Nombre', { exact: true }).fill(name);
  await form.getByLabel('Ubicación', { exact: true }).fill('Hotel');
  await form.getByLabel('Inicio', { exact: true }).fill(`${day}T19:00`);
  await form.getByLabel('Fin', { exact: true }).fill(`${day}T22:00`);
  await form.getByRole('button', { name: 'Asignar empleados' }).click();
  const staff = page.getByRole('dialog', { name: 'Asignar empleados' });
  // The picker tells before saving.
  await expect(staff.getByText(`No está disponible: ${entry} (Clases de inglés)`)).toBeVisible();
  await staff.getByRole('checkbox', { name: employee.name }).check();
  await staff.getByRole('button', { name: 'Listo' }).click();
  await form.getByRole('button', { name: 'Crear evento' }).click();
  const warning = form.getByRole('alert').filter({ hasText: 'Personal no disponible en ese horario' });
  await expect(warning).toContainText(employee.name);
  await expect(warning).toContainText(`No está disponible: ${entry} (Clases de inglés)`);
  await warning.getByRole('button', { name: 'Asignar igualmente' }).click();
  await expect(form).toBeHidden();
  // The screen still works: the event is listed and the form opens again.
  await expect(page.getByText(name).first()).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo evento' }).click();
  await expect(page.getByRole('dialog', { name: 'Nuevo evento' })).toBeVisible();
});

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test.describe(`@screenshots availability ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("'Mi Disponibilidad' and the supervisor's tab", async ({ page }) => {
      mkdirSync(screenshotsDir, { recursive: true });
      const { supervisor, employee } = await team();
      await signIn(page, employee.username, employee.password);
      await page.goto('/dashboard/my-availability');
      await expect(page.getByRole('heading', { level: 1, name: 'Mi Disponibilidad' })).toBeVisible();
      await addWeekly(page, 'Martes', '18:00', '23:00', 'Clases de inglés');
      const list = page.getByRole('list', { name: 'Periodos de no disponibilidad' });
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await page.getByLabel('Tipo', { exact: true }).selectOption({ label: 'Fechas concretas' });
      await page.getByLabel('Desde').fill(madridDay(20));
      await page.getByLabel('Hasta').fill(madridDay(22));
      await page.getByRole('button', { name: 'Añadir', exact: true }).click();
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await addWeekly(page, 'Viernes', '22:00', '06:00', '');
      await expect(list.getByRole('listitem')).toHaveCount(3);
      // The form as filled in for hours, for the picture.
      await page.getByRole('checkbox', { name: 'Todo el día' }).click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `my-availability-${viewport.name}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await page.context().clearCookies();
      await signIn(page, supervisor.username, supervisor.password);
      const dialog = await openEmployeeAvailability(page, employee);
      await expect(dialog.getByRole('list', { name: 'Periodos de no disponibilidad' }).getByRole('listitem')).toHaveCount(3);
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `employee-availability-${viewport.name}.png`), fullPage: true });
    });
  });
}
