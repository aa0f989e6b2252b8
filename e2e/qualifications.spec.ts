import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { adminSession, createTeam, uniqueSuffix, type TestPerson } from './support/api';
import { expect, test } from './support/test';
import { madridDay, signIn } from './support/ui';

/*
 * Issue 27 item 6 (decision 042): a supervisor records a TIP that expires in ten days, finds it in
 * 'Caducidades', and assigns the person to an event two days after the expiry that requires the TIP:
 * the company only warns, so the event is saved and the warning shows. Screenshots of 'Caducidades'
 * and the qualification editor at 375 and 1280 px.
 */
const screenshotsDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const TIP = 'TIP de vigilante de seguridad';

async function team() {
  const api = await adminSession();
  const made = await createTeam(api);
  await api.dispose();
  return made;
}

/** Opens the employee's dialog on its 'Titulaciones' tab. */
async function openQualifications(page: Page, employee: TestPerson) {
  await page.goto('/dashboard/view-employees');
  await page.getByRole('button', { name: `Gestionar a ${employee.name}` }).first().click();
  const dialog = page.getByRole('dialog', { name: employee.name });
  await dialog.getByRole('tab', { name: 'Titulaciones' }).click();
  await expect(dialog.getByText('No tiene titulaciones registradas.')).toBeVisible();
  return dialog;
}

async function addTip(page: Page, employee: TestPerson, expiresOn: string) {
  const dialog = await openQualifications(page, employee);
  await dialog.getByRole('button', { name: 'Añadir titulación' }).click();
  await dialog.getByLabel('Titulación', { exact: true }).selectOption({ label: TIP });
  await dialog.getByLabel('Número').fill('TIP-123456');
  await dialog.getByLabel('Fecha de caducidad').fill(expiresOn);
  return dialog;
}

test('a supervisor records a TIP, sees it in Caducidades, and an event after its expiry warns', async ({ page }) => {
  const { supervisor, employee } = await team();
  await signIn(page, supervisor.username, supervisor.password);
  const dialog = await addTip(page, employee, madridDay(10));
  await dialog.getByRole('button', { name: 'Guardar titulación' }).click();
  const list = dialog.getByRole('list', { name: 'Titulaciones' });
  await expect(list.getByRole('listitem').filter({ hasText: TIP })).toContainText('Caduca en 10 días');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'Caducidades' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Caducidades' })).toBeVisible();
  const row = page.getByRole('list', { name: 'Caducidades' }).getByRole('listitem').filter({ hasText: employee.name });
  await expect(row).toContainText(TIP);
  await expect(row).toContainText('Caduca en 10 días');

  // An event twelve days ahead that requires the TIP: saved, with the warning.
  const day = madridDay(12);
  const name = `Concierto ${uniqueSuffix()}`;
  await page.goto('/dashboard/manage-events');
  await page.getByRole('button', { name: 'Nuevo evento' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo evento' });
  await form.getByLabel('Nombre', { exact: true }).fill(name);
  await form.getByLabel('Ubicación', { exact: true }).fill('Estadio');
  await form.getByLabel('Inicio', { exact: true }).fill(`${day}T10:00`);
  await form.getByLabel('Fin', { exact: true }).fill(`${day}T14:00`);
  await form.getByRole('checkbox', { name: TIP }).check();
  await form.getByRole('button', { name: 'Asignar empleados' }).click();
  const staff = page.getByRole('dialog', { name: 'Asignar empleados' });
  await staff.getByRole('checkbox', { name: employee.name }).check();
  await staff.getByRole('button', { name: 'Listo' }).click();
  await form.getByRole('button', { name: 'Crear evento' }).click();
  await expect(page.getByText('Asignado con titulaciones pendientes', { exact: true })).toBeVisible();
  await expect(page.getByText(`La titulación «${TIP}» de ${employee.name} no está vigente`).first()).toBeVisible();
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
  test.describe(`@screenshots qualifications ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the qualification editor and Caducidades', async ({ page }) => {
      mkdirSync(screenshotsDir, { recursive: true });
      const { supervisor, employee } = await team();
      await signIn(page, supervisor.username, supervisor.password);
      const dialog = await addTip(page, employee, madridDay(-3));
      await dialog.getByRole('button', { name: 'Guardar titulación' }).click();
      await expect(dialog.getByRole('list', { name: 'Titulaciones' })).toContainText('Caducada');
      await dialog.getByRole('button', { name: 'Añadir titulación' }).click();
      await dialog.getByLabel('Titulación', { exact: true }).selectOption({ label: 'Primeros auxilios' });
      await dialog.getByLabel('Número').fill('PA-2025-77');
      await dialog.getByLabel('Fecha de caducidad').fill(madridDay(40));
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `qualification-editor-${viewport.name}.png`), fullPage: true });
      await dialog.getByRole('button', { name: 'Guardar titulación' }).click();
      await expect(dialog.getByRole('list', { name: 'Titulaciones' })).toContainText('Caduca en 40 días');
      await page.keyboard.press('Escape');

      await page.goto('/dashboard/caducidades');
      await expect(page.getByRole('list', { name: 'Caducidades' }).getByRole('listitem')).toHaveCount(2);
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `caducidades-${viewport.name}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}
