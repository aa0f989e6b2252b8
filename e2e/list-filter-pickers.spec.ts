import type { Locator } from '@playwright/test';
import { test, expect, type Page } from './support/test';
import type { Material } from '@jornada/shared/schemas/material';
import { adminSession, apiSession, createCompany, createPerson, uniqueSuffix, type ApiSession, type TestPerson } from './support/api';
import { signIn } from './support/ui';

/*
 * Issue 21, item 7 on the remaining long lists: the worker (and on Partes the event) pickers on
 * Partes de Empleados, Material Prestado, Gestionar Eventos and Supervisar Eventos. Each choice is
 * applied by the server and kept in the URL; 'Quitar filtros' brings every row back.
 */

const suffix = uniqueSuffix();
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
let supervisor: TestPerson;
let ana: TestPerson;
let bruno: TestPerson;
const anaFirst = `Ronda Ana ${suffix}`;
const anaSecond = `Cierre Ana ${suffix}`;
const brunoShift = `Ronda Bruno ${suffix}`;
const anaUpcoming = `Feria Ana ${suffix}`;
const brunoUpcoming = `Feria Bruno ${suffix}`;

type Created = { items: { id: string }[] };

/** A momentary event for one person, from `start` for two hours. */
function createEvent(api: ApiSession, name: string, start: number, person: TestPerson): Promise<Created> {
  return api.post<Created>('/events', {
    name,
    location: 'Recinto Ferial',
    date: new Date(start).toISOString(),
    endDate: new Date(start + 2 * 60 * 60_000).toISOString(),
    type: 'momentary',
    assignedEmployees: [person.id],
  });
}

/** The person signs a report for each of their finished events (all of them are pending). */
async function reportAll(person: TestPerson): Promise<void> {
  const session = await apiSession(person.username, person.password);
  const pending = await session.get<{ items: { id: string }[] }>('/work-reports/pending');
  for (const event of pending.items) {
    const response = await session.context.post('/api/work-reports', {
      multipart: { eventId: event.id, observations: 'Sin incidencias.', signature: `data:image/png;base64,${png.toString('base64')}` },
    });
    expect(response.status()).toBe(201);
  }
  await session.dispose();
}

test.beforeAll(async () => {
  const admin = await adminSession();
  const company = await createCompany(admin);
  supervisor = await createPerson(admin, { role: 'Supervisor', companyId: company.id });
  ana = await createPerson(admin, { role: 'Empleado', companyId: company.id, name: `Ana Selector ${suffix}` });
  bruno = await createPerson(admin, { role: 'Empleado', companyId: company.id, name: `Bruno Selector ${suffix}` });
  await admin.dispose();

  const asSupervisor = await apiSession(supervisor.username, supervisor.password);
  // Finished events for the reports. Ana's second starts only after her first was finished, so she is never booked twice at once.
  const first = (await createEvent(asSupervisor, anaFirst, Date.now() - 10 * 60_000, ana)).items[0]!;
  await asSupervisor.post(`/events/${first.id}/finish`);
  const second = (await createEvent(asSupervisor, anaSecond, Date.now(), ana)).items[0]!;
  await asSupervisor.post(`/events/${second.id}/finish`);
  const brunos = (await createEvent(asSupervisor, brunoShift, Date.now() - 10 * 60_000, bruno)).items[0]!;
  await asSupervisor.post(`/events/${brunos.id}/finish`);
  // Upcoming events for the event lists: tomorrow, one each.
  const tomorrow = Date.now() + 24 * 60 * 60_000;
  await createEvent(asSupervisor, anaUpcoming, tomorrow, ana);
  await createEvent(asSupervisor, brunoUpcoming, tomorrow, bruno);
  // One loan each.
  const material = await asSupervisor.post<Material>('/material', { name: `Chaleco ${suffix}`, items: [{ size: 'M', quantity: 10 }] });
  for (const person of [ana, bruno]) {
    await asSupervisor.post('/material-loans', { employeeId: person.id, items: [{ materialId: material.id, size: 'M', quantity: 1 }] });
  }
  await asSupervisor.dispose();
  await reportAll(ana);
  await reportAll(bruno);
});

/** Chooses a worker, checks the narrowing, reloads, then clears: the shared part of every screen below. */
async function chooseWorkerThenClear(page: Page, options: { bar: Locator; rowsOf: (person: TestPerson) => Locator; anaRows: number; heading: string }) {
  const { bar, rowsOf, anaRows, heading } = options;
  await expect(rowsOf(ana)).toHaveCount(anaRows);
  await expect(rowsOf(bruno)).toHaveCount(1);

  await bar.getByLabel(/^(Trabajador|Empleado)$/).selectOption({ label: ana.name });
  await expect(page).toHaveURL(new RegExp(`userId=${ana.id}`));
  await expect(rowsOf(bruno)).toHaveCount(0);
  await expect(rowsOf(ana)).toHaveCount(anaRows);

  await page.reload();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await expect(bar.getByLabel(/^(Trabajador|Empleado)$/)).toHaveValue(ana.id);
  await expect(rowsOf(ana)).toHaveCount(anaRows);
  await expect(rowsOf(bruno)).toHaveCount(0);
}

async function clearAndCheck(page: Page, options: { bar: Locator; rowsOf: (person: TestPerson) => Locator; anaRows: number }) {
  const { bar, rowsOf, anaRows } = options;
  await bar.getByRole('button', { name: 'Quitar filtros' }).click();
  await expect(page).not.toHaveURL(/userId=/);
  await expect(rowsOf(ana)).toHaveCount(anaRows);
  await expect(rowsOf(bruno)).toHaveCount(1);
  await expect(bar.getByLabel(/^(Trabajador|Empleado)$/)).toHaveValue('');
  await expect(bar.getByRole('button', { name: 'Quitar filtros' })).toHaveCount(0);
}

test('Partes de Empleados: worker and event pickers, kept in the URL', async ({ page }) => {
  await signIn(page, supervisor.username, supervisor.password);
  await page.goto('/dashboard/employee-reports');
  await expect(page.getByRole('heading', { name: 'Partes de Empleados', level: 1 })).toBeVisible();
  const bar = page.getByRole('search', { name: 'Filtrar partes' });
  const rowsOf = (person: TestPerson) => page.getByRole('row').filter({ hasText: person.name });
  await chooseWorkerThenClear(page, { bar, rowsOf, anaRows: 2, heading: 'Partes de Empleados' });

  // The event picker offers only events with reports; choosing Ana's second leaves one row.
  const events = bar.getByLabel('Evento');
  await expect(events.locator('option', { hasText: anaUpcoming })).toHaveCount(0);
  await events.selectOption({ label: (await events.locator('option', { hasText: anaSecond }).textContent())! });
  await expect(page).toHaveURL(/eventId=/);
  await expect(rowsOf(ana)).toHaveCount(1);
  await expect(rowsOf(ana)).toContainText(anaSecond);
  await page.reload();
  await expect(bar.getByLabel('Evento')).not.toHaveValue('');
  await expect(rowsOf(ana)).toHaveCount(1);

  await clearAndCheck(page, { bar, rowsOf, anaRows: 2 });
  await expect(bar.getByLabel('Evento')).toHaveValue('');
  // Still usable: a report opens.
  await rowsOf(bruno).getByRole('button', { name: new RegExp(`^Ver parte de ${bruno.name}`) }).click();
  await expect(page.getByRole('dialog', { name: 'Parte de Trabajo' })).toContainText(bruno.name);
});

test('Material Prestado: the borrower picker, kept in the URL', async ({ page }) => {
  await signIn(page, supervisor.username, supervisor.password);
  await page.goto('/dashboard/lent-material');
  await expect(page.getByRole('heading', { name: 'Material Prestado', level: 1 })).toBeVisible();
  const bar = page.getByRole('search', { name: 'Filtrar préstamos' });
  const rowsOf = (person: TestPerson) => page.getByRole('list', { name: 'Préstamos' }).getByRole('listitem').filter({ hasText: person.name });
  await chooseWorkerThenClear(page, { bar, rowsOf, anaRows: 1, heading: 'Material Prestado' });
  // The filter holds on another tab too.
  await page.getByRole('tab', { name: 'Pendientes' }).click();
  await expect(rowsOf(ana)).toHaveCount(1);
  await expect(rowsOf(bruno)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Todos' }).click();
  await clearAndCheck(page, { bar, rowsOf, anaRows: 1 });
  await page.getByRole('button', { name: 'Prestar material' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('Gestionar Eventos: worker, days and search, kept in the URL', async ({ page }) => {
  await signIn(page, supervisor.username, supervisor.password);
  await page.goto('/dashboard/manage-events');
  await expect(page.getByRole('heading', { name: 'Gestionar Eventos', level: 1 })).toBeVisible();
  const bar = page.getByRole('search', { name: 'Filtrar eventos' });
  // The table names the events, not their staff: each person's row is their upcoming event.
  const rowsOf = (person: TestPerson) => page.getByRole('row').filter({ hasText: person === ana ? anaUpcoming : brunoUpcoming });
  await chooseWorkerThenClear(page, { bar, rowsOf, anaRows: 1, heading: 'Gestionar Eventos' });
  await clearAndCheck(page, { bar, rowsOf, anaRows: 1 });

  // A day range before tomorrow leaves none of the two; the search finds one by name.
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Madrid' });
  await bar.getByLabel('Hasta').fill(today);
  await expect(page).toHaveURL(new RegExp(`to=${today}`));
  await expect(rowsOf(ana)).toHaveCount(0);
  await expect(rowsOf(bruno)).toHaveCount(0);
  await bar.getByRole('button', { name: 'Quitar filtros' }).click();
  await bar.getByLabel('Buscar').fill(brunoUpcoming);
  await expect(rowsOf(bruno)).toHaveCount(1);
  await expect(rowsOf(ana)).toHaveCount(0);
  await bar.getByRole('button', { name: 'Quitar filtros' }).click();
  await expect(rowsOf(ana)).toHaveCount(1);
  await page.getByRole('button', { name: 'Nuevo evento' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('Supervisar Eventos: the worker picker, kept in the URL', async ({ page }) => {
  await signIn(page, supervisor.username, supervisor.password);
  await page.goto('/dashboard/supervise-events');
  await expect(page.getByRole('heading', { name: 'Supervisar Eventos', level: 1 })).toBeVisible();
  const bar = page.getByRole('search', { name: 'Filtrar eventos' });
  // Each card holds its own list of staff: only the cards themselves count.
  const rowsOf = (person: TestPerson) => page.getByRole('list', { name: 'Eventos' }).locator(':scope > li').filter({ hasText: person.name });
  await chooseWorkerThenClear(page, { bar, rowsOf, anaRows: 1, heading: 'Supervisar Eventos' });
  await clearAndCheck(page, { bar, rowsOf, anaRows: 1 });
  await expect(rowsOf(ana)).toContainText(anaUpcoming);
});
