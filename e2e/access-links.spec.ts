import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { TimeRecord } from '@jornada/shared/schemas/time-records';
import { adminSession, apiSession, createPerson, createTeam, uniqueSuffix, type TestPerson } from './support/api';
import { admin } from './support/credentials';
import { openMenuEntry, signIn } from './support/ui';

/*
 * Inspection access links (issue 11 part 5, decision 014): a supervisor creates a read-only link,
 * the link opens in a FRESH browser context (no session) showing the company's records of the
 * period and nothing of another company; after 'Revocar' the same page says the link is revoked.
 */

let supervisor: TestPerson;
let employee: TestPerson;
let companyName: string;
const foreignMarker = `MARCADOR-AJENA-${uniqueSuffix()}`;

/** One completed record today: an event under way, clock in and out through the API. */
async function recordToday(owner: TestPerson, worker: TestPerson) {
  const asOwner = await apiSession(owner.username, owner.password);
  const now = Date.now();
  const { items } = await asOwner.post<{ items: { id: string }[] }>('/events', {
    name: `Turno ${uniqueSuffix()}`,
    location: 'Recinto ferial',
    date: new Date(now - 5 * 60_000).toISOString(),
    endDate: new Date(now + 3 * 60 * 60_000).toISOString(),
    type: 'momentary',
    assignedEmployees: [worker.id],
  });
  await asOwner.dispose();
  const asWorker = await apiSession(worker.username, worker.password);
  const location = { lat: 40.4168, lng: -3.7038, accuracy: 10 };
  const record = await asWorker.post<TimeRecord>('/time-records/start', { eventId: items[0]!.id, location });
  await asWorker.post(`/time-records/${record.id}/stop`, { location });
  await asWorker.dispose();
}

test.beforeAll(async () => {
  const admin = await adminSession();
  const team = await createTeam(admin);
  ({ supervisor, employee } = team);
  companyName = team.company.name;
  // Another company with a record today, named with a marker that must never show on the link.
  const other = await createTeam(admin);
  const foreignWorker = await createPerson(admin, { role: 'Empleado', companyId: other.company.id, name: foreignMarker });
  await admin.dispose();
  await recordToday(supervisor, employee);
  await recordToday(other.supervisor, foreignWorker);
});

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(new Date());
const nav = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

test('a supervisor creates a link; a fresh browser sees only that period of that company; revoked, it is refused', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, supervisor.username, supervisor.password);
  await openMenuEntry(page, 'Administración', 'Accesos de Inspección');
  await expect(page.getByRole('heading', { name: 'Accesos de Inspección', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Nuevo enlace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo enlace de acceso' });
  await dialog.getByLabel('Desde').fill(today());
  await dialog.getByLabel('Hasta').fill(today());
  await dialog.getByLabel('Finalidad').fill('');
  await dialog.getByRole('button', { name: 'Crear enlace' }).click();
  await expect(dialog.getByText(/Indica la finalidad del acceso/)).toBeVisible();
  await dialog.getByLabel('Finalidad').fill('Inspección de Trabajo, requerimiento 123');
  await dialog.getByRole('button', { name: 'Crear enlace' }).click();

  const created = page.getByRole('dialog', { name: 'Enlace creado' });
  await expect(created.getByText('Cópialo ahora')).toBeVisible();
  const url = await created.getByLabel('Enlace de acceso').inputValue();
  expect(url).toMatch(/\/acceso\/[A-Za-z0-9_-]{43}$/);
  await created.getByRole('button', { name: 'Hecho' }).click();
  const card = page.getByRole('article', { name: 'Enlace: Inspección de Trabajo, requerimiento 123' });
  await expect(card).toContainText('Activo');

  // A fresh context: no cookie, no storage, as the inspector's own browser.
  const inspector = await browser.newContext({ locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const publicPage = await inspector.newPage();
  const response = await publicPage.goto(url);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(publicPage.getByRole('heading', { name: `Registro de jornada de ${companyName}`, level: 1 })).toBeVisible();
  await expect(publicPage.getByText('Inspección de Trabajo, requerimiento 123')).toBeVisible();
  await expect(publicPage.getByText(employee.name)).toBeVisible();
  await expect(publicPage.getByRole('link', { name: 'Descargar PDF' })).toBeVisible();
  await expect(publicPage.getByRole('heading', { name: 'Fichajes (1)' })).toBeVisible();
  const text = await publicPage.locator('body').innerText();
  expect(text).not.toContain(foreignMarker);
  expect(text).not.toContain('40.41');
  expect(text).not.toContain('Cerrar Sesión');
  const csv = await publicPage.request.get(`${new URL(url).origin}/api/public/access/${url.split('/').pop()}/download?format=csv`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(employee.name);
  const shots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
  await mkdir(shots, { recursive: true });
  for (const width of [375, 1280]) {
    await publicPage.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await publicPage.screenshot({ path: join(shots, `access-public-${width}.png`), fullPage: true });
  }

  // Back on the screen: the uses are there, then revoke.
  await page.reload();
  await expect(card).toContainText(/Usos\s*2/);
  await card.getByRole('button', { name: 'Ver usos' }).click();
  const uses = page.getByRole('dialog', { name: 'Usos del enlace' });
  await expect(uses.getByText('Consulta')).toBeVisible();
  await expect(uses.getByText('Descarga CSV')).toBeVisible();
  await uses.press('Escape');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.screenshot({ path: join(shots, `access-links-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await card.getByRole('button', { name: 'Revocar' }).click();
  await page.getByRole('dialog', { name: '¿Revocar el enlace?' }).getByRole('button', { name: 'Revocar enlace' }).click();
  await expect(card).toContainText('Revocado');

  await publicPage.reload();
  await expect(publicPage.getByRole('heading', { name: 'Enlace no disponible' })).toBeVisible();
  await expect(publicPage.getByText('La empresa ha revocado este enlace de acceso.')).toBeVisible();
  expect(await publicPage.locator('body').innerText()).not.toContain(employee.name);
  await inspector.close();
});

test('an administrator finds a deleted company and its worker in Archivo Legal and reads their records', async ({ page }) => {
  test.setTimeout(90_000);
  const api = await adminSession();
  const team = await createTeam(api);
  await api.dispose();
  await recordToday(team.supervisor, team.employee);
  const asAdmin = await adminSession();
  const deleted = await asAdmin.context.delete(`/api/companies/${team.company.id}`, { data: { confirmName: team.company.name } });
  expect(deleted.status()).toBe(200);
  await asAdmin.dispose();

  await signIn(page, admin.username, admin.password);
  await nav(page).getByRole('link', { name: 'Archivo Legal' }).click();
  await expect(page.getByRole('heading', { name: 'Archivo Legal', level: 1 })).toBeVisible();
  const companyCard = page.getByRole('article', { name: team.company.name });
  await expect(companyCard).toContainText('1 · 1 trabajador');
  await expect(companyCard.getByRole('link', { name: /Descargar PDF \d{4}/ })).toBeVisible();
  const shots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
  await mkdir(shots, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.screenshot({ path: join(shots, `legal-archive-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await companyCard.getByRole('button', { name: 'Ver fichajes' }).click();
  const records = page.getByRole('dialog', { name: `Fichajes archivados de ${team.company.name}` });
  await expect(records.getByText(team.employee.name)).toBeVisible();
  await records.press('Escape');
  await page.getByRole('tab', { name: /Trabajadores/ }).click();
  await expect(page.getByRole('article', { name: team.employee.name })).toContainText(team.company.name);
});
