import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { admin } from './support/credentials';
import { adminSession, createCompany, uniqueSuffix } from './support/api';
import { signIn } from './support/ui';

// Issue 24: 'Ajustes de fichaje' of a company (fuera de zona, cierre automático), the administrator's.

async function openSettings(page: Page, companyName: string) {
  await page.goto('/dashboard/manage-companies');
  await page.getByRole('button', { name: `Ajustes de fichaje de ${companyName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Ajustes de fichaje de ${companyName}` });
  await expect(dialog.getByLabel('Tolerancia (minutos)')).toBeVisible();
  return dialog;
}

test.describe('company settings', () => {
  test('the administrator changes the clocking rules and finds them after a reload', async ({ page }) => {
    const api = await adminSession();
    const company = await createCompany(api, `Vigilancia ${uniqueSuffix()}`);
    await api.dispose();
    await signIn(page, admin.username, admin.password);

    let dialog = await openSettings(page, company.name);
    // The defaults: flagged, no automatic clock-out, 30 minutes.
    await expect(dialog.getByRole('radio', { name: 'Permitir y marcar' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: 'Rechazar el fichaje' })).not.toBeChecked();
    const autoClose = dialog.getByRole('switch', { name: 'Cierre automático' });
    await expect(autoClose).toHaveAttribute('aria-checked', 'false');
    await expect(dialog.getByLabel('Tolerancia (minutos)')).toHaveValue('30');

    await dialog.getByRole('radio', { name: 'Rechazar el fichaje' }).check();
    await autoClose.click();
    await expect(autoClose).toHaveAttribute('aria-checked', 'true');
    // Out of range: the form says so in Spanish and saves nothing.
    await dialog.getByLabel('Tolerancia (minutos)').fill('800');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('La tolerancia debe ser un número entero de minutos entre 0 y 720.')).toBeVisible();
    await dialog.getByLabel('Tolerancia (minutos)').fill('45');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Ajustes guardados', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    // The screen still works: the company's card and its actions are there.
    await expect(page.getByRole('article', { name: company.name })).toBeVisible();

    await page.reload();
    dialog = await openSettings(page, company.name);
    await expect(dialog.getByRole('radio', { name: 'Rechazar el fichaje' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Cierre automático' })).toHaveAttribute('aria-checked', 'true');
    await expect(dialog.getByLabel('Tolerancia (minutos)')).toHaveValue('45');

    // Back to flagging and no automatic clock-out, saved the same way.
    await dialog.getByRole('radio', { name: 'Permitir y marcar' }).check();
    await dialog.getByRole('switch', { name: 'Cierre automático' }).click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    dialog = await openSettings(page, company.name);
    await expect(dialog.getByRole('radio', { name: 'Permitir y marcar' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Cierre automático' })).toHaveAttribute('aria-checked', 'false');
    await expect(dialog.getByLabel('Tolerancia (minutos)')).toHaveValue('45');
  });
});

const outDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');
for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test.describe(`@screenshots ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the company settings section', async ({ page }) => {
      mkdirSync(outDir, { recursive: true });
      const api = await adminSession();
      const company = await createCompany(api, `Ajustes ${uniqueSuffix()}`);
      await api.put(`/companies/${company.id}/settings`, { geofenceMode: 'refuse', autoClockOut: true, autoClockOutToleranceMin: 45 });
      await api.dispose();
      await signIn(page, admin.username, admin.password);
      await page.goto('/dashboard/manage-companies');
      const card = page.getByRole('article', { name: company.name });
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: join(outDir, `${viewport.name}-company-settings-card.png`) });
      const dialog = await openSettings(page, company.name);
      await expect(dialog.getByRole('switch', { name: 'Cierre automático' })).toHaveAttribute('aria-checked', 'true');
      await page.screenshot({ path: join(outDir, `${viewport.name}-company-settings.png`) });
    });
  });
}
