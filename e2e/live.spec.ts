import type { CreateEventsResponse } from '@jornada/shared/schemas/events';
import { defaultRoleIds } from '@jornada/shared/permissions';
import { adminSession, apiSession, createCompany, newPassword, uniqueSuffix, type ApiSession, type TestPerson } from './support/api';
import { seriousViolations } from './support/axe';
import { admin as adminCredentials } from './support/credentials';
import { expect, test, type Page } from './support/test';
import { signIn } from './support/ui';

/*
 * 'Ahora' (decision 030): a supervisor opens the live view and sees a shift under way with one
 * person clocked in and one who never came; the 'Llamar' link dials the saved number; when the
 * missing person clocks in (through the API, as from their phone), the screen shows it by itself.
 */

const here = { lat: 40.416775, lng: -3.70379, accuracy: 15 };

let admin: ApiSession;
let company: { id: string; name: string };
let supervisor: TestPerson;

async function personWithPhone(name: string, phone: string | null): Promise<TestPerson> {
  const suffix = uniqueSuffix();
  const person = { name, username: `empleado.${suffix}`, password: newPassword() };
  const created = await admin.post<{ id: string }>('/users', { ...person, phone, roleId: defaultRoleIds.Empleado, companyId: company.id, categoryIds: [] });
  return { id: created.id, role: 'Empleado', ...person };
}

async function clockIn(person: TestPerson, eventId: string) {
  const session = await apiSession(person.username, person.password);
  try {
    await session.post('/time-records/start', { eventId, location: here });
  } finally {
    await session.dispose();
  }
}

/** A shift that started 30 minutes ago (past the 15-minute grace), with two people; the first has clocked in. */
async function arrangeShift() {
  const suffix = uniqueSuffix();
  const present = await personWithPhone(`Ana Presente ${suffix}`, '+34 600 11 22 33');
  const missing = await personWithPhone(`Bruno Ausente ${suffix}`, '611 22 33 44');
  const asSupervisor = await apiSession(supervisor.username, supervisor.password);
  const now = Date.now();
  const name = `Concierto ${suffix}`;
  const created = await asSupervisor.post<CreateEventsResponse>('/events', {
    name,
    location: 'Palacio de Deportes',
    date: new Date(now - 30 * 60_000).toISOString(),
    endDate: new Date(now + 3 * 60 * 60_000).toISOString(),
    type: 'momentary',
    assignedEmployees: [present.id, missing.id],
  });
  await asSupervisor.dispose();
  const eventId = created.items[0]!.id;
  await clockIn(present, eventId);
  return { name, eventId, present, missing };
}

test.beforeAll(async () => {
  admin = await adminSession();
  company = await createCompany(admin);
  const suffix = uniqueSuffix();
  const person = { name: `Marta Supervisora ${suffix}`, username: `supervisor.${suffix}`, password: newPassword() };
  const created = await admin.post<{ id: string }>('/users', { ...person, roleId: defaultRoleIds.Supervisor, companyId: company.id, categoryIds: [] });
  supervisor = { id: created.id, role: 'Supervisor', ...person };
});
test.afterAll(async () => admin?.dispose());

const shiftCard = (page: Page, name: string) => page.getByRole('region', { name });
const personRow = (page: Page, eventName: string, personName: string) => shiftCard(page, eventName).getByRole('listitem', { name: personName });

async function seeShiftAndCatchTheLateArrival(page: Page) {
  const shift = await arrangeShift();
  await expect(page.getByRole('heading', { name: 'Ahora', level: 1 })).toBeVisible();
  // Opened before the arrange: the shift arrives with the next refresh, no reload.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await page.getByRole('button', { name: 'Actualizar' }).click();

  const present = personRow(page, shift.name, shift.present.name);
  const missing = personRow(page, shift.name, shift.missing.name);
  await expect(present.getByText('Fichado', { exact: true })).toBeVisible();
  await expect(present).toContainText(/Entrada a las \d\d:\d\d/);
  await expect(missing.getByText('No presentado', { exact: true })).toBeVisible();
  await expect(shiftCard(page, shift.name).getByText('En curso')).toBeVisible();

  const call = missing.getByRole('link', { name: `Llamar a ${shift.missing.name}` });
  await expect(call).toBeVisible();
  await expect(call).toHaveAttribute('href', 'tel:611223344');
  await expect(present.getByRole('link', { name: `Llamar a ${shift.present.name}` })).toHaveAttribute('href', 'tel:+34600112233');
  await expect(missing.getByRole('link', { name: `SMS a ${shift.missing.name}` })).toHaveAttribute('href', 'sms:611223344');
  // With real cards on it (the accessibility spec sees the screen empty), WCAG A/AA holds.
  expect(await seriousViolations(page)).toEqual([]);

  // Bruno clocks in from his phone: the screen follows within one refresh (15 s), without a reload.
  await clockIn(shift.missing, shift.eventId);
  await expect(missing.getByText('Fichado', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(missing.getByText('No presentado', { exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  // Still a working screen: the heading, the summary and the call links are there.
  await expect(page.getByRole('heading', { name: 'Ahora', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Resumen' })).toBeVisible();
  await expect(call).toBeVisible();
}

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("the supervisor opens 'Ahora' from the menu, calls the missing person and sees them clock in", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, supervisor.username, supervisor.password);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Ahora', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/live$/);
    await seeShiftAndCatchTheLateArrival(page);
    // Nothing wider than the phone: the cards wrap instead of scrolling sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe('on a desk (1280 px)', () => {
  test("the supervisor opens 'Ahora' from the sidebar and sees the late arrival clock in", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, supervisor.username, supervisor.password);
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Ahora', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/live$/);
    await seeShiftAndCatchTheLateArrival(page);
  });

  test("the number the supervisor saves in the employee's profile is the one 'Llamar' dials", async ({ page }) => {
    const suffix = uniqueSuffix();
    const worker = await personWithPhone(`Rosa Sin Número ${suffix}`, null);
    const asSupervisor = await apiSession(supervisor.username, supervisor.password);
    const eventName = `Recepción ${suffix}`;
    const now = Date.now();
    await asSupervisor.post('/events', {
      name: eventName,
      location: 'Hotel Palace',
      date: new Date(now - 5 * 60_000).toISOString(),
      endDate: new Date(now + 2 * 60 * 60_000).toISOString(),
      type: 'momentary',
      assignedEmployees: [worker.id],
    });
    await asSupervisor.dispose();

    await signIn(page, supervisor.username, supervisor.password);
    await page.goto('/dashboard/live');
    const row = personRow(page, eventName, worker.name);
    await expect(row.getByText('Retrasado', { exact: true })).toBeVisible();
    await expect(row.getByText('Sin teléfono')).toBeVisible();
    await expect(row.getByRole('link', { name: /Llamar/ })).toHaveCount(0);

    await page.goto('/dashboard/view-employees');
    await page.getByRole('button', { name: `Gestionar a ${worker.name}` }).first().click();
    const dialog = page.getByRole('dialog', { name: worker.name });
    const phone = dialog.getByLabel('Teléfono (opcional)');
    await phone.fill('600-ABC');
    await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(dialog.getByText(/El teléfono no es válido/)).toBeVisible();
    await phone.fill('699 88 77 66');
    await expect(dialog.getByText(/El teléfono no es válido/)).toBeHidden();
    await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/dashboard/live');
    await expect(row.getByRole('link', { name: `Llamar a ${worker.name}` })).toHaveAttribute('href', 'tel:699887766');
    await expect(page.getByRole('heading', { name: 'Ahora', level: 1 })).toBeVisible();
  });

  test('the administrator chooses a company and sees its shifts, named by company', async ({ page }) => {
    const shift = await arrangeShift();
    await signIn(page, adminCredentials.username, adminCredentials.password);
    await page.goto('/dashboard/live');
    await page.getByLabel('Empresa').selectOption({ label: company.name });
    await expect(page).toHaveURL(new RegExp(`company=${company.id}`));
    const card = shiftCard(page, shift.name);
    await expect(card.getByText(company.name)).toBeVisible();
    await expect(personRow(page, shift.name, shift.missing.name).getByText('No presentado', { exact: true })).toBeVisible();
    await expect(personRow(page, shift.name, shift.present.name).getByText('Fichado', { exact: true })).toBeVisible();
  });

  test('an employee does not have it', async ({ page }) => {
    const suffix = uniqueSuffix();
    const employee = await personWithPhone(`Empleada ${suffix}`, '622 33 44 55');
    await signIn(page, employee.username, employee.password);
    await expect(page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Ahora', exact: true })).toHaveCount(0);
    await page.goto('/dashboard/live');
    await expect(page).not.toHaveURL(/\/dashboard\/live$/);
  });
});
