import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { uniqueSuffix } from './support/api';
import { admin } from './support/credentials';
import { signIn } from './support/ui';

/*
 * Every screen's company picker reads the one companies query (issue 22). A change on Gestionar
 * Empresas must show in all of them without a reload, including the screens whose list was
 * already cached before the change.
 */

/** Moves inside the app without a reload (as the sidebar does), so the query cache survives. */
async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

const pickers = [
  { path: '/dashboard/time-log', label: 'Empresa' },
  { path: '/dashboard/payments', label: 'Empresa' },
  { path: '/dashboard/live', label: 'Empresa' },
  { path: '/dashboard/manage-users', label: 'Filtrar por empresa' },
] as const;

async function expectInEveryPicker(page: Page, name: string, count: 0 | 1) {
  for (const { path, label } of pickers) {
    await goInApp(page, path);
    const picker = page.getByLabel(label, { exact: true });
    await expect(picker).toBeEnabled();
    await expect(picker.locator('option', { hasText: name }), `${path} offers «${name}» ${count} time(s)`).toHaveCount(count);
  }
}

test('a company created, renamed and deleted on Gestionar Empresas shows at once in every company picker', async ({ page }) => {
  test.slow(); // four screens, three times
  const suffix = uniqueSuffix();
  const name = `Selector ${suffix} S.L.`;
  const renamed = `Selector ${suffix} Renombrada S.L.`;
  await signIn(page, admin.username, admin.password);
  // Cache every picker's list before the change.
  await expectInEveryPicker(page, name, 0);

  await goInApp(page, '/dashboard/manage-companies');
  await page.getByLabel('Nombre', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Añadir empresa' }).click();
  await expect(page.getByText('Empresa creada', { exact: true })).toBeVisible();
  await expectInEveryPicker(page, name, 1);

  await goInApp(page, '/dashboard/manage-companies');
  await page.getByRole('button', { name: `Editar nombre de ${name}` }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Editar empresa' });
  await renameDialog.getByLabel('Nombre', { exact: true }).fill(renamed);
  await renameDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Empresa actualizada', { exact: true })).toBeVisible();
  await expectInEveryPicker(page, renamed, 1);
  await expectInEveryPicker(page, `${name}`, 0);

  await goInApp(page, '/dashboard/manage-companies');
  await page.getByRole('button', { name: `Eliminar ${renamed}` }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Eliminar empresa' });
  await deleteDialog.getByLabel('Escribe el nombre de la empresa para confirmar').fill(renamed);
  await deleteDialog.getByRole('button', { name: 'Eliminar empresa' }).click();
  await expect(page.getByText('Empresa eliminada', { exact: true })).toBeVisible();
  await expectInEveryPicker(page, renamed, 0);
});
