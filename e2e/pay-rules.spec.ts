import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { Category } from '@jornada/shared/schemas/categories';
import type { Company } from '@jornada/shared/schemas/companies';
import { adminSession, createTeam, type TestPerson } from './support/api';
import { signIn } from './support/ui';

/*
 * 'Reglas de pago' (issue 26, item 2): a supervisor sets the company's night plus and a category's
 * monthly plus, saves, reloads and finds them as typed.
 */

const screenshotsDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');

/** A new company with a supervisor, offering the seed category 'Vigilante'. */
async function arrange(): Promise<{ supervisor: TestPerson }> {
  const api = await adminSession();
  const { company, supervisor } = await createTeam(api);
  const vigilante = (await api.get<Category[]>('/categories')).find((category) => category.name === 'Vigilante');
  if (!vigilante) throw new Error('seed category Vigilante missing');
  const current = (await api.get<Company[]>('/companies')).find((candidate) => candidate.id === company.id);
  await api.put(`/companies/${company.id}/assignments`, {
    assignedRoles: current?.assignedRoles ?? [],
    assignedCategories: [...(current?.assignedCategories ?? []), vigilante.id],
  });
  await api.dispose();
  return { supervisor };
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });
const toast = (page: Page) => page.getByRole('region', { name: /Notificaciones/ }).getByRole('listitem');

/** Opens the screen from the menu (on a phone, through the menu button). */
async function openPayRules(page: Page) {
  const menuButton = page.getByRole('button', { name: /Abrir menú/ });
  if (await menuButton.isVisible()) await menuButton.click();
  await nav(page).getByRole('link', { name: 'Reglas de pago' }).click();
  await expect(page.getByRole('heading', { name: 'Reglas de pago', level: 1 })).toBeVisible();
}

/** The supervisor's story: 1,50 €/h of night plus and a 'Plus de peligrosidad' of 120,50 € a month for Vigilante. */
async function setRules(page: Page) {
  const company = page.getByRole('group', { name: 'Nocturnidad y festivos' });
  await expect(company.getByLabel('Inicio del horario nocturno')).toHaveValue('22:00');
  await expect(company.getByLabel('Fin del horario nocturno')).toHaveValue('06:00');
  await company.getByLabel('Plus de nocturnidad (€/hora)').fill('1,50');
  const vigilante = page.getByRole('region', { name: 'Vigilante' });
  await vigilante.getByRole('button', { name: /Añadir plus mensual/ }).click();
  await vigilante.getByLabel('Nombre del plus').fill('Plus de peligrosidad');
  await vigilante.getByLabel('€/mes').fill('120,50');
  await vigilante.getByLabel('Código').fill('P01');
  await page.getByRole('button', { name: 'Guardar reglas' }).click();
  await expect(toast(page)).toContainText('Reglas guardadas');
}

async function expectRules(page: Page) {
  const company = page.getByRole('group', { name: 'Nocturnidad y festivos' });
  await expect(company.getByLabel('Plus de nocturnidad (€/hora)')).toHaveValue('1,50');
  const vigilante = page.getByRole('region', { name: 'Vigilante' });
  await expect(vigilante.getByLabel('Nombre del plus')).toHaveValue('Plus de peligrosidad');
  await expect(vigilante.getByLabel('€/mes')).toHaveValue('120,50');
  await expect(vigilante.getByLabel('Código')).toHaveValue('P01');
  await expect(page.getByRole('status').filter({ hasText: /cambiadas por/ })).toBeVisible();
}

test('a supervisor sets a night plus and a monthly plus for a category; a reload shows them', async ({ page }) => {
  const { supervisor } = await arrange();
  await signIn(page, supervisor.username, supervisor.password);
  await openPayRules(page);
  await expect(page.getByText('aún no ha fijado sus reglas de pago')).toBeVisible();
  await expect(page.getByText(/según su convenio/)).toBeVisible();

  // A wrong amount is refused beside its field, and nothing is sent.
  await page.getByRole('group', { name: 'Nocturnidad y festivos' }).getByLabel('Plus de nocturnidad (€/hora)').fill('1,505');
  await page.getByRole('button', { name: 'Guardar reglas' }).click();
  await expect(page.getByText('Escribe un importe en euros, por ejemplo 12,50.')).toBeVisible();

  await setRules(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Reglas de pago', level: 1 })).toBeVisible();
  await expectRules(page);

  // Removing the plus and saving again keeps the screen working.
  const vigilante = page.getByRole('region', { name: 'Vigilante' });
  await vigilante.getByRole('button', { name: /Quitar el plus Plus de peligrosidad/ }).click();
  await page.getByRole('button', { name: 'Guardar reglas' }).click();
  await expect(toast(page).last()).toContainText('Reglas guardadas');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Vigilante' }).getByText('Sin pluses mensuales.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Nocturnidad y festivos' }).getByLabel('Plus de nocturnidad (€/hora)')).toHaveValue('1,50');
});

for (const viewport of [
  { name: '375', width: 375, height: 812 },
  { name: '1280', width: 1280, height: 800 },
]) {
  test.describe(`@screenshots pay rules ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the pay rules screen with a night plus and a monthly plus', async ({ page }) => {
      mkdirSync(screenshotsDir, { recursive: true });
      const { supervisor } = await arrange();
      await signIn(page, supervisor.username, supervisor.password);
      await openPayRules(page);
      await setRules(page);
      await page.reload();
      await expectRules(page);
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(screenshotsDir, `pay-rules-${viewport.name}.png`), fullPage: true });
    });
  });
}
