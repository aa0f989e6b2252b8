import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { adminSession, createCompany, createPerson, offerSeedCategory, uniqueSuffix, withApi } from './support/api';
import { expect, test } from './support/test';
import { madridDay, signIn } from './support/ui';

/*
 * Issue 27 item 3 (decision 051): the supervisor publishes 2 open places of 'Vigilante' in the event
 * form; the employee, on a phone, sees the open shift in 'Turnos Abiertos' and claims it (first
 * come: assigned at once); the supervisor sees the place taken and the claim in the event's form.
 */
const screenshotsDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');

async function team() {
  const api = await adminSession();
  const company = await createCompany(api);
  const category = await offerSeedCategory(api, company.id, 'Vigilante');
  const supervisor = await createPerson(api, { role: 'Supervisor', companyId: company.id });
  const employee = await createPerson(api, { role: 'Empleado', companyId: company.id, categoryIds: [category.id] });
  const colleague = await createPerson(api, { role: 'Empleado', companyId: company.id, categoryIds: [category.id] });
  await api.dispose();
  return { company, category, supervisor, employee, colleague };
}

const openShiftCard = (page: Page, name: string) => page.getByRole('article', { name });

test('the supervisor publishes two open places, the employee claims one on a phone, the supervisor sees it', async ({ page }) => {
  const { supervisor, employee } = await team();
  const name = `Partido ${uniqueSuffix()}`;
  const day = madridDay(4);

  await signIn(page, supervisor.username, supervisor.password);
  await page.goto('/dashboard/manage-events');
  await page.getByRole('button', { name: 'Nuevo evento' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo evento' });
  await form.getByLabel('Nombre', { exact: true }).fill(name);
  await form.getByLabel('Ubicación', { exact: true }).fill('Estadio Municipal');
  await form.getByLabel('Inicio', { exact: true }).fill(`${day}T17:00`);
  await form.getByLabel('Fin', { exact: true }).fill(`${day}T22:00`);
  const places = form.getByRole('group', { name: 'Plazas abiertas' }).getByLabel('Vigilante');
  await places.fill('2');
  await form.getByRole('button', { name: 'Crear evento' }).click();
  await expect(page.getByText('Evento creado', { exact: true })).toBeVisible();
  await expect(form).toBeHidden();
  await page.context().clearCookies();

  // The employee, on a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, employee.username, employee.password);
  await page.goto('/dashboard/open-shifts');
  await expect(page.getByRole('heading', { name: 'Turnos Abiertos', level: 1 })).toBeVisible();
  const card = openShiftCard(page, name);
  await expect(card.getByText('Quedan 2 plazas', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Solicitar turno' }).click();
  await expect(page.getByText('Turno asignado', { exact: true })).toBeVisible();
  // The screen still works: the card now says it is theirs, with the place taken.
  await expect(card.getByText('Asignado', { exact: true })).toBeVisible();
  await expect(card.getByText('Queda 1 plaza', { exact: true })).toBeVisible();
  await page.goto('/dashboard/shifts');
  await expect(page.getByRole('article', { name })).toBeVisible();
  await page.context().clearCookies();

  // The supervisor sees the place taken and who took it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, supervisor.username, supervisor.password);
  await page.goto('/dashboard/manage-events');
  await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar evento' });
  await expect(edit.getByRole('group', { name: 'Plazas abiertas' }).getByText('Queda 1 libre', { exact: true })).toBeVisible();
  const claims = edit.getByRole('region', { name: 'Solicitudes de plazas abiertas' });
  await expect(claims.getByText('Vigilante: 1 de 2 libres', { exact: true })).toBeVisible();
  await expect(claims.getByRole('listitem').filter({ hasText: employee.name }).getByText('Aprobada', { exact: true })).toBeVisible();
  await edit.getByRole('button', { name: 'Cancelar' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: name }).getByText(employee.name)).toBeVisible();
});

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test.describe(`@screenshots open shifts ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("the employee's open shifts and the supervisor's claims to approve", async ({ page }) => {
      mkdirSync(screenshotsDir, { recursive: true });
      const { company, category, supervisor, employee, colleague } = await team();
      const api = await adminSession();
      await api.put(`/companies/${company.id}/settings`, { geofenceMode: 'flag', autoClockOut: false, autoClockOutToleranceMin: 30, openShiftMode: 'approval' });
      await api.dispose();
      const names = { concert: `Concierto ${uniqueSuffix()}`, fair: `Feria de muestras ${uniqueSuffix()}` };
      const events = await withApi(supervisor, async (session) => {
        const make = async (name: string, days: number, places: number) => {
          const event = (await session.post<{ items: Array<{ id: string }> }>('/events', { name, location: 'Palacio de Congresos', date: `${madridDay(days)}T16:00:00.000Z`, endDate: `${madridDay(days)}T21:00:00.000Z`, assignedEmployees: [] })).items[0]!;
          await session.put(`/events/${event.id}/open-places`, { places: [{ categoryId: category.id, places }] });
          return event;
        };
        return { concert: await make(names.concert, 3, 3), fair: await make(names.fair, 6, 1) };
      });
      await withApi(colleague, (session) => session.post(`/open-shifts/${events.concert.id}/claim`, { categoryId: category.id }));
      await withApi(employee, (session) => session.post(`/open-shifts/${events.fair.id}/claim`, { categoryId: category.id }));

      await signIn(page, employee.username, employee.password);
      await page.goto('/dashboard/open-shifts');
      await expect(openShiftCard(page, names.fair).getByText('Pendiente', { exact: true })).toBeVisible();
      await expect(openShiftCard(page, names.concert).getByRole('button', { name: 'Solicitar turno' })).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `open-shifts-${viewport.name}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await page.context().clearCookies();
      await signIn(page, supervisor.username, supervisor.password);
      await page.goto('/dashboard/manage-events');
      const row = viewport.name === 'phone' ? page.getByRole('article', { name: names.concert }) : page.getByRole('row').filter({ hasText: names.concert });
      await row.getByRole('button', { name: 'Editar' }).click();
      const edit = page.getByRole('dialog', { name: 'Editar evento' });
      const claims = edit.getByRole('region', { name: 'Solicitudes de plazas abiertas' });
      await expect(claims.getByText('Pendiente', { exact: true })).toBeVisible();
      await claims.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `open-shift-claims-${viewport.name}.png`) });
      await claims.getByRole('button', { name: `Aprobar la solicitud de ${colleague.name}` }).click();
      await expect(page.getByText('Solicitud aprobada', { exact: true })).toBeVisible();
      await expect(claims.getByText('Aprobada', { exact: true })).toBeVisible();
      await expect(claims.getByText('Vigilante: 2 de 3 libres', { exact: true })).toBeVisible();
    });
  });
}
