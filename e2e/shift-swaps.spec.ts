import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { adminSession, createPerson, createTeam, uniqueSuffix, withApi, type TestPerson } from './support/api';
import { expect, test } from './support/test';
import { madridDay, signIn } from './support/ui';

/*
 * Issue 27 item 4 (decision 052): the employee offers a shift from 'Mis Turnos' on a phone; a
 * colleague takes it from the 'Cambios' tab; the supervisor approves it in 'Gestionar Eventos →
 * Cambios de turno'; the event's 'Historial de asignaciones' shows who left and who came, and how.
 */
const screenshotsDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');

async function team() {
  const api = await adminSession();
  const made = await createTeam(api);
  const colleague = await createPerson(api, { role: 'Empleado', companyId: made.company.id, name: `Ana ${uniqueSuffix()}` });
  await api.dispose();
  return { ...made, colleague };
}

async function shiftOf(supervisor: TestPerson, employee: TestPerson, name: string, days: number) {
  return withApi(supervisor, async (api) =>
    (await api.post<{ items: Array<{ id: string }> }>('/events', { name, location: 'Palacio de Congresos', date: `${madridDay(days)}T09:00:00.000Z`, endDate: `${madridDay(days)}T13:00:00.000Z`, assignedEmployees: [employee.id] })).items[0]!,
  );
}

async function switchTo(page: Page, person: TestPerson) {
  await page.context().clearCookies();
  await signIn(page, person.username, person.password);
}

test('an employee offers a shift, a colleague takes it, the supervisor approves, and the history shows it', async ({ page }) => {
  const { supervisor, employee, colleague } = await team();
  const name = `Congreso ${uniqueSuffix()}`;
  await shiftOf(supervisor, employee, name, 4);

  // The employee, on a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, employee.username, employee.password);
  await page.goto('/dashboard/shifts');
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: 'Ofrecer' }).click();
  const offer = page.getByRole('dialog', { name: 'Ofrecer turno' });
  await expect(offer.getByText(colleague.name, { exact: true })).toBeVisible();
  await offer.getByRole('button', { name: 'Ofrecer turno' }).click();
  await expect(page.getByText('Turno ofrecido', { exact: true })).toBeVisible();
  await expect(offer).toBeHidden();
  await page.getByRole('tab', { name: 'Cambios' }).click();
  const mine = page.getByRole('list', { name: 'Mis ofrecimientos y cambios' });
  await expect(mine.getByText('Abierto', { exact: true })).toBeVisible();

  // The colleague takes it.
  await switchTo(page, colleague);
  await page.goto('/dashboard/shifts?filter=swaps');
  const available = page.getByRole('list', { name: 'Turnos que puedes aceptar' });
  await expect(available.getByText(`${employee.name} ofrece su turno`, { exact: true })).toBeVisible();
  await available.getByRole('button', { name: 'Coger turno' }).click();
  await expect(page.getByText('Turno aceptado', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Mis ofrecimientos y cambios' }).getByText('Pendiente de aprobación', { exact: true })).toBeVisible();

  // The supervisor approves it, on a computer.
  await page.setViewportSize({ width: 1280, height: 800 });
  await switchTo(page, supervisor);
  await page.goto('/dashboard/manage-events');
  await page.getByRole('tab', { name: 'Cambios de turno' }).click();
  const swaps = page.getByRole('list', { name: 'Cambios de turno' });
  await swaps.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText('Cambio aprobado', { exact: true })).toBeVisible();
  await expect(swaps.getByText('Aprobado', { exact: true })).toBeVisible();
  await expect(swaps.getByRole('button', { name: 'Aprobar' })).toHaveCount(0);

  // The event now has the colleague, and its history says how.
  await page.getByRole('tab', { name: 'Programado' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText(colleague.name)).toBeVisible();
  await row.getByRole('button', { name: 'Historial' }).click();
  const history = page.getByRole('dialog', { name: 'Historial de asignaciones' });
  const entries = history.getByRole('list', { name: 'Historial de asignaciones' }).getByRole('listitem');
  await expect(entries).toHaveCount(3);
  await expect(entries.filter({ hasText: colleague.name }).getByText('Asignado', { exact: true })).toBeVisible();
  await expect(entries.filter({ hasText: colleague.name })).toContainText('Turno ofrecido');
  await expect(entries.filter({ hasText: employee.name }).getByText('Retirado', { exact: true })).toBeVisible();
  await expect(entries.filter({ hasText: employee.name }).getByText('Asignado', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  // The screen still works after the dialog.
  await expect(row).toBeVisible();
});

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test.describe(`@screenshots shift swaps ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the offer dialog, the colleague\'s list, the supervisor\'s approvals and the history', async ({ page }) => {
      mkdirSync(screenshotsDir, { recursive: true });
      const { supervisor, employee, colleague } = await team();
      const names = { offered: `Congreso ${uniqueSuffix()}`, approved: `Feria ${uniqueSuffix()}`, waiting: `Gala ${uniqueSuffix()}` };
      const offered = await shiftOf(supervisor, employee, names.offered, 3);
      const approved = await shiftOf(supervisor, employee, names.approved, 5);
      const waiting = await shiftOf(supervisor, employee, names.waiting, 6);
      const swapIds = await withApi(employee, async (api) => ({
        offered: (await api.post<{ id: string }>('/shift-swaps', { kind: 'offer', eventId: offered.id })).id,
        approved: (await api.post<{ id: string }>('/shift-swaps', { kind: 'offer', eventId: approved.id })).id,
        waiting: (await api.post<{ id: string }>('/shift-swaps', { kind: 'offer', eventId: waiting.id })).id,
      }));
      await withApi(colleague, async (api) => {
        await api.post(`/shift-swaps/${swapIds.approved}/take`);
        await api.post(`/shift-swaps/${swapIds.waiting}/take`);
      });
      await withApi(supervisor, (api) => api.post(`/shift-swaps/${swapIds.approved}/approve`));

      const shot = async (file: string) => {
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(screenshotsDir, `${file}-${viewport.name}.png`), fullPage: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      };

      await signIn(page, employee.username, employee.password);
      await page.goto('/dashboard/shifts');
      await page.getByRole('article', { name: names.waiting }).getByRole('button', { name: 'Ofrecer' }).waitFor();
      // 'Proponer cambio' lists the colleague's shifts this one can be swapped for.
      await page.getByRole('article', { name: names.offered }).getByRole('button', { name: 'Proponer cambio' }).click();
      await expect(page.getByRole('dialog', { name: 'Proponer cambio' })).toBeVisible();
      await shot('swap-propose-dialog');
      await page.keyboard.press('Escape');

      await page.context().clearCookies();
      await signIn(page, colleague.username, colleague.password);
      await page.goto('/dashboard/shifts?filter=swaps');
      await expect(page.getByRole('list', { name: 'Turnos que puedes aceptar' }).getByRole('button', { name: 'Coger turno' })).toBeVisible();
      await shot('swap-colleague-list');

      await page.context().clearCookies();
      await signIn(page, supervisor.username, supervisor.password);
      await page.goto('/dashboard/manage-events?cambios=1');
      await expect(page.getByRole('list', { name: 'Cambios de turno' }).getByRole('button', { name: 'Aprobar' })).toBeVisible();
      await shot('swap-approvals');
      await page.getByRole('tab', { name: 'Programado' }).click();
      const target = viewport.name === 'phone' ? page.getByRole('article', { name: names.approved }) : page.getByRole('row').filter({ hasText: names.approved });
      await target.getByRole('button', { name: 'Historial' }).click();
      await expect(page.getByRole('dialog', { name: 'Historial de asignaciones' }).getByText('Retirado', { exact: true })).toBeVisible();
      await shot('assignment-history');
    });
  });
}
