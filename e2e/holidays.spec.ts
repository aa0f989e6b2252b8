import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { adminSession, createTeam, type TestPerson } from './support/api';
import { signIn } from './support/ui';

/*
 * 'Calendario laboral' (issue 26 part 1): a supervisor adds a local holiday and finds it in the year
 * view after a reload; drops a national date and restores it. Screenshots at 375 and 1280 px.
 */
let supervisor: TestPerson;
const screenshotsDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const YEAR = 2026;

test.beforeAll(async () => {
  const api = await adminSession();
  ({ supervisor } = await createTeam(api));
  await api.dispose();
});

async function openCalendar(page: Page) {
  await page.goto(`/dashboard/holidays?year=${YEAR}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendario Laboral' })).toBeVisible();
  await expect(page.getByTestId('holiday-year-view')).toBeVisible();
}

test('a supervisor adds a local holiday and sees it in the year view after a reload', async ({ page }) => {
  await signIn(page, supervisor.username, supervisor.password);
  await openCalendar(page);
  const list = page.getByRole('list', { name: 'Festivos del año' });
  await expect(list.getByRole('listitem').filter({ hasText: 'Fiesta Nacional de España' })).toContainText('Nacional');
  await expect(page.locator('[data-date="2026-10-12"]')).toHaveAttribute('data-holiday', 'true');

  await page.getByRole('button', { name: 'Añadir festivo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Añadir festivo' });
  await dialog.getByLabel('Fecha').fill('2026-05-15');
  await dialog.getByLabel('Nombre').fill('San Isidro');
  await dialog.getByLabel('Tipo').selectOption('local');
  await dialog.getByRole('button', { name: 'Añadir festivo' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.getByTestId('holiday-year-view')).toBeVisible();
  await expect(page.locator('[data-date="2026-05-15"]')).toHaveAttribute('data-holiday', 'true');
  const row = list.getByRole('listitem').filter({ hasText: 'San Isidro' });
  await expect(row).toContainText('Local');

  // The same day again: the server's refusal shows in the dialog.
  await page.getByRole('button', { name: 'Añadir festivo' }).click();
  await dialog.getByLabel('Fecha').fill('2026-05-15');
  await dialog.getByLabel('Nombre').fill('Otra');
  await dialog.getByRole('button', { name: 'Añadir festivo' }).click();
  await expect(dialog.getByText('Ya hay un festivo ese día.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // A national date the community moved: not a holiday here, then restored.
  const immaculate = list.getByRole('listitem').filter({ hasText: 'Inmaculada Concepción' });
  await immaculate.getByRole('button', { name: 'No se celebra aquí' }).click();
  await expect(immaculate.getByRole('button', { name: 'Restaurar' })).toBeVisible();
  await expect(page.locator('[data-date="2026-12-08"]')).not.toHaveAttribute('data-holiday', 'true');
  await immaculate.getByRole('button', { name: 'Restaurar' }).click();
  await expect(page.locator('[data-date="2026-12-08"]')).toHaveAttribute('data-holiday', 'true');

  // Remove the local one; the screen still works.
  await row.getByRole('button', { name: 'Quitar' }).click();
  await page.getByRole('dialog', { name: 'Quitar festivo' }).getByRole('button', { name: 'Quitar festivo' }).click();
  await expect(list.getByText('San Isidro')).toHaveCount(0);
  await expect(page.locator('[data-date="2026-05-15"]')).not.toHaveAttribute('data-holiday', 'true');
});

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test.describe(`@screenshots holidays ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the year view and the list', async ({ page }) => {
      mkdirSync(screenshotsDir, { recursive: true });
      const api = await adminSession();
      const team = await createTeam(api);
      await api.dispose();
      await signIn(page, team.supervisor.username, team.supervisor.password);
      await openCalendar(page);
      await page.getByRole('button', { name: 'Añadir festivo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Añadir festivo' });
      await dialog.getByLabel('Fecha').fill('2026-09-08');
      await dialog.getByLabel('Nombre').fill('Día de Asturias');
      await dialog.getByLabel('Tipo').selectOption('autonomico');
      await dialog.getByRole('button', { name: 'Añadir festivo' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.locator('[data-date="2026-09-08"]')).toHaveAttribute('data-holiday', 'true');
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(screenshotsDir, `holidays-${viewport.name}.png`), fullPage: true });
      // Horizontal overflow would hide days on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}
