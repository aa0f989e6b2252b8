import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { adminSession, createTeam } from './support/api';
import { expect, test, type Page } from './support/test';
import { expectAccessible, settle } from './support/axe';
import { openMenuEntry, signIn } from './support/ui';

/*
 * Issue 28 item 3 (decision 053): a supervisor imports a CSV of employees. The first file has one bad
 * row: the preview names the problem and 'Importar' stays off; the corrected file imports, and the
 * employees list shows the new people. Screenshots of the preview at 375 and 1280 px.
 */
const screenshotsDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');

async function team() {
  const api = await adminSession();
  const made = await createTeam(api);
  await api.dispose();
  return made;
}

let sequence = 0;
/** A ';'-separated file with a BOM, as Excel in Spain saves it; the second row's e-mail is broken when `bad`. */
function employeesCsv(bad: boolean) {
  const tag = `${Date.now().toString(36)}${++sequence}`;
  const rows = [
    'Nombre;Usuario;Correo;Empresa;Categorías;DNI;Número TIP',
    `Lucía Importada ${tag};luimp${tag};luimp${tag}@example.es;;;12345678Z;TIP-1001`,
    `Mario Importado ${tag};maimp${tag};${bad ? 'mario-sin-arroba' : `maimp${tag}@example.es`};;;;`,
  ];
  return { tag, buffer: Buffer.from(`\uFEFF${rows.join('\r\n')}\r\n`, 'utf8') };
}

async function choose(page: Page, name: string, buffer: Buffer) {
  await page.getByLabel('Archivo CSV o XLSX').first().setInputFiles({ name, mimeType: 'text/csv', buffer });
  await page.getByRole('button', { name: 'Revisar archivo' }).first().click();
}

test('a CSV with a bad row is refused until fixed; the good file imports and the employees list shows the people', async ({ page }) => {
  const { supervisor } = await team();
  await signIn(page, supervisor.username, supervisor.password);
  await openMenuEntry(page, 'Administración', 'Importar');
  await expect(page.getByRole('heading', { level: 1, name: 'Importar' })).toBeVisible();

  const first = employeesCsv(true);
  await choose(page, 'empleados.csv', first.buffer);
  const table = page.getByRole('table', { name: 'Filas del archivo' });
  await expect(table.locator('[data-line="3"]')).toContainText('El correo electrónico «mario-sin-arroba» no es válido.');
  await expect(table.locator('[data-line="2"]')).toContainText('Correcta');
  await expect(page.getByText('1 de 2 filas tienen problemas.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();
  await settle(page);
  await expectAccessible(page, '/dashboard/import with a preview');

  const fixed = employeesCsv(false);
  await choose(page, 'empleados-corregido.csv', fixed.buffer);
  await expect(page.getByText('Todo correcto: 2 filas listas para importar.')).toBeVisible();
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(page.getByText('Se han importado 2 empleados y se han enviado sus invitaciones por correo.', { exact: true })).toBeVisible();
  // The screen is ready for another file.
  await expect(page.getByRole('table', { name: 'Filas del archivo' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Revisar archivo' }).first()).toBeDisabled();

  // Nothing of the refused file was stored, and both people of the good one were.
  await page.getByRole('link', { name: 'Empleados' }).first().click();
  await expect(page.getByText(`Lucía Importada ${fixed.tag}`)).toBeVisible();
  await expect(page.getByText(`Mario Importado ${fixed.tag}`)).toBeVisible();
  await expect(page.getByText(`Lucía Importada ${first.tag}`)).toHaveCount(0);
});

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test.describe(`@screenshots import ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the import screen with a preview that has a problem', async ({ page }) => {
      mkdirSync(screenshotsDir, { recursive: true });
      const { supervisor } = await team();
      await signIn(page, supervisor.username, supervisor.password);
      await page.goto('/dashboard/import');
      await choose(page, 'empleados.csv', employeesCsv(true).buffer);
      await expect(page.getByRole('table', { name: 'Filas del archivo' })).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `import-preview-${viewport.name}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}
