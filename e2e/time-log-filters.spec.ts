import { test, expect, type Page } from './support/test';
import type { TimeRecord } from '@jornada/shared/schemas/time-records';
import { adminSession, apiSession, createCompany, createPerson, uniqueSuffix, type TestPerson } from './support/api';
import { signIn } from './support/ui';

/*
 * Issue 21, item 7: the supervisor's time log (Fichajes) fits its card at 1280 px even with a
 * 'Corrección pendiente' flag, and is filtered on the server by worker, event, days and text, with
 * the filters in the URL (a reload keeps them).
 */

const here = { lat: 40.4168, lng: -3.7038, accuracy: 10 };
const suffix = uniqueSuffix();
let supervisor: TestPerson;
let ana: TestPerson;
let bruno: TestPerson;
const eventName = `Vigilancia ${suffix}`;
const otherEventName = `Concierto ${suffix}`;

async function clockInAndOut(person: TestPerson, eventId: string): Promise<TimeRecord> {
  const session = await apiSession(person.username, person.password);
  const started = await session.post<TimeRecord>('/time-records/start', { eventId, location: here });
  const stopped = await session.post<TimeRecord>(`/time-records/${started.id}/stop`, { location: here });
  await session.dispose();
  return stopped;
}

test.beforeAll(async () => {
  const admin = await adminSession();
  const company = await createCompany(admin);
  supervisor = await createPerson(admin, { role: 'Supervisor', companyId: company.id });
  ana = await createPerson(admin, { role: 'Empleado', companyId: company.id, name: `Ana Filtro ${suffix}` });
  bruno = await createPerson(admin, { role: 'Empleado', companyId: company.id, name: `Bruno Filtro ${suffix}` });
  await admin.dispose();

  const asSupervisor = await apiSession(supervisor.username, supervisor.password);
  const now = Date.now();
  const create = (name: string, start: number, staff: TestPerson[]) =>
    asSupervisor.post<{ items: { id: string }[] }>('/events', {
      name,
      location: 'Recinto Ferial',
      date: new Date(start).toISOString(),
      endDate: new Date(now + 3 * 60 * 60_000).toISOString(),
      type: 'momentary',
      assignedEmployees: staff.map((person) => person.id),
    });
  const watch = (await create(eventName, now - 10 * 60_000, [ana, bruno])).items[0]!;
  const anaRecord = await clockInAndOut(ana, watch.id);
  await clockInAndOut(bruno, watch.id);
  // The watch ends now, so Bruno's concert can start without booking him twice at once.
  await asSupervisor.post(`/events/${watch.id}/finish`, {});
  const concert = (await create(otherEventName, Date.now(), [bruno])).items[0]!;
  await asSupervisor.dispose();
  await clockInAndOut(bruno, concert.id);
  // Ana asks to correct hers: the row shows 'Corrección pendiente', the badge that pushed the buttons out.
  const asAna = await apiSession(ana.username, ana.password);
  await asAna.post(`/time-records/${anaRecord.id}/corrections`, {
    startTime: new Date(Date.parse(anaRecord.startTime) - 30 * 60_000).toISOString(),
    reason: 'Entré media hora antes y el móvil no tenía cobertura.',
  });
  await asAna.dispose();
});

const rowsOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('the supervisor filters the time log by worker; a reload keeps the filter; the row fits its card', async ({ page }) => {
  await signIn(page, supervisor.username, supervisor.password);
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Fichajes', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Fichajes', level: 1, exact: true })).toBeVisible();
  await expect(rowsOf(page, ana.name)).toHaveCount(1);
  await expect(rowsOf(page, bruno.name)).toHaveCount(2);

  // Every button of the flagged row lies inside the table's card (nothing cut off at 1280 px).
  const flagged = rowsOf(page, ana.name);
  await expect(flagged.getByText('Corrección pendiente')).toBeVisible();
  const card = page.getByRole('table').locator('xpath=..');
  const cardBox = (await card.boundingBox())!;
  const history = flagged.getByRole('button', { name: /^Historial de cambios/ });
  const historyBox = (await history.boundingBox())!;
  expect(historyBox.x + historyBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  expect(await card.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

  const filters = page.getByRole('search', { name: 'Filtrar fichajes' });
  await filters.getByLabel('Trabajador').selectOption({ label: bruno.name });
  await expect(page).toHaveURL(new RegExp(`userId=${bruno.id}`));
  await expect(rowsOf(page, ana.name)).toHaveCount(0);
  await expect(rowsOf(page, bruno.name)).toHaveCount(2);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Fichajes', level: 1, exact: true })).toBeVisible();
  await expect(filters.getByLabel('Trabajador')).toHaveValue(bruno.id);
  await expect(rowsOf(page, bruno.name)).toHaveCount(2);
  await expect(rowsOf(page, ana.name)).toHaveCount(0);

  // Narrowed further by a text search on the event's name, then every filter removed.
  await filters.getByLabel('Buscar').fill(otherEventName);
  await expect(page).toHaveURL(/q=Concierto/);
  await expect(rowsOf(page, bruno.name)).toHaveCount(1);
  await expect(rowsOf(page, bruno.name)).toContainText(otherEventName);
  await filters.getByRole('button', { name: 'Quitar filtros' }).click();
  await expect(rowsOf(page, ana.name)).toHaveCount(1);
  await expect(rowsOf(page, bruno.name)).toHaveCount(2);
  await expect(filters.getByLabel('Buscar')).toHaveValue('');
});

test('a backwards date range says why instead of listing', async ({ page }) => {
  await signIn(page, supervisor.username, supervisor.password);
  await page.goto('/dashboard/time-log?from=2026-12-10&to=2026-12-01');
  await expect(page.getByText('La fecha «Desde» no puede ser posterior a la fecha «Hasta».')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('a shared link with a worker filter opens the filtered cards, none wider than the screen', async ({ page }) => {
    await signIn(page, supervisor.username, supervisor.password);
    await page.goto(`/dashboard/time-log?userId=${ana.id}`);
    const cards = page.getByRole('list', { name: 'Fichajes' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(ana.name);
    await expect(cards.first().getByText('Corrección pendiente')).toBeVisible();
    await expect(page.getByRole('search', { name: 'Filtrar fichajes' }).getByLabel('Trabajador')).toHaveValue(ana.id);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const history = cards.first().getByRole('button', { name: /^Historial de cambios/ });
    const box = (await history.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  });
});
