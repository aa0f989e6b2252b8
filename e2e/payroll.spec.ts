import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './support/test';
import { monthKeyOf } from '@jornada/shared/format';
import type { Category } from '@jornada/shared/schemas/categories';
import type { Company } from '@jornada/shared/schemas/companies';
import { adminSession, apiSession, createPerson, createTeam, type TestPerson } from './support/api';
import { signIn } from './support/ui';

/*
 * The payroll sheet in 'Pagos' (issue 26): the supervisor sees each employee's hours by concept and
 * the month's totals, closes the month (frozen) and reopens it, and downloads it for payroll.
 */

const screenshotsDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });
const toast = (page: Page) => page.getByRole('region', { name: /Notificaciones/ }).getByRole('listitem');

/** A team whose Vigilante worked two hours this month (a punch, then an approved correction). */
async function teamWithAShift(): Promise<{ supervisor: TestPerson; worker: TestPerson; month: string }> {
  const api = await adminSession();
  const team = await createTeam(api);
  const vigilante = (await api.get<Category[]>('/categories')).find((category) => category.name === 'Vigilante');
  if (!vigilante) throw new Error('seed category Vigilante missing');
  const current = (await api.get<Company[]>('/companies')).find((candidate) => candidate.id === team.company.id);
  await api.put(`/companies/${team.company.id}/assignments`, { assignedRoles: current?.assignedRoles ?? [], assignedCategories: [...(current?.assignedCategories ?? []), vigilante.id] });
  const worker = await createPerson(api, { role: 'Empleado', companyId: team.company.id, categoryIds: [vigilante.id] });
  await api.dispose();

  const here = { lat: 40.4168, lng: -3.7038, accuracy: 10 };
  const boss = await apiSession(team.supervisor.username, team.supervisor.password);
  const asWorker = await apiSession(worker.username, worker.password);
  const now = Date.now();
  const { items } = await boss.post<{ items: { id: string }[] }>('/events', {
    name: 'Vigilancia de nave',
    location: 'Nave 3',
    date: new Date(now - 5 * 60_000).toISOString(),
    endDate: new Date(now + 3 * 60 * 60_000).toISOString(),
    type: 'momentary',
    assignedEmployees: [worker.id],
  });
  const eventId = items[0]?.id;
  if (!eventId) throw new Error('event not created');
  const record = await asWorker.post<{ id: string; startTime: string }>('/time-records/start', { eventId, location: here });
  await asWorker.post(`/time-records/${record.id}/stop`, { location: here });
  const correction = await asWorker.post<{ id: string }>(`/time-records/${record.id}/corrections`, {
    startTime: new Date(Date.parse(record.startTime) - 2 * 60 * 60_000).toISOString(),
    reason: 'Empecé dos horas antes; el móvil no tenía cobertura',
  });
  await boss.post(`/corrections/${correction.id}/approve`, {});
  await asWorker.dispose();
  await boss.dispose();
  return { supervisor: team.supervisor, worker, month: monthKeyOf(new Date(Date.parse(record.startTime) - 2 * 60 * 60_000)) };
}

async function openPayments(page: Page, supervisor: TestPerson, month: string) {
  await signIn(page, supervisor.username, supervisor.password);
  // The menu link on a desktop; a phone opens the page by its address (its menu is a drawer).
  if ((page.viewportSize()?.width ?? 1280) >= 1024) await nav(page).getByRole('link', { name: 'Pagos' }).click();
  else await page.goto('/dashboard/payments');
  await expect(page.getByRole('heading', { name: 'Pagos', level: 1 })).toBeVisible();
  // The month the shift fell in (it may be the previous one just after midnight on the 1st).
  if (month !== monthKeyOf(new Date())) await page.getByRole('button', { name: 'Mes anterior' }).click();
  await expect(page.getByRole('heading', { name: /Nómina por conceptos/ })).toBeVisible();
}

test('the supervisor sees the concepts in Pagos, closes the month and reopens it', async ({ page }) => {
  const { supervisor, worker, month } = await teamWithAShift();
  await openPayments(page, supervisor, month);

  const section = page.getByRole('region', { name: /Nómina por conceptos/ });
  await expect(section.getByText('Mes abierto')).toBeVisible();
  const row = section.getByRole('row', { name: new RegExp(`^${worker.name}`) });
  // Two hours at 22,50 €/hora: 45,00 € with the default rules (no pluses yet).
  await expect(row).toContainText('2h 0m');
  await expect(row).toContainText('45,00 €');
  await row.getByRole('button', { name: worker.name }).click();
  const detail = section.getByRole('table', { name: `Conceptos de ${worker.name}` });
  await expect(detail.getByRole('rowheader', { name: 'Horas nocturnas' })).toBeVisible();
  await expect(detail.getByRole('rowheader', { name: 'Horas extra' })).toBeVisible();
  // The corrected record is counted and marked.
  await expect(section).toContainText('1 registro marcado');
  await expect(section).toContainText('Corregido');

  await section.getByRole('button', { name: 'Cerrar mes' }).click();
  const closeDialog = page.getByRole('dialog', { name: 'Cerrar mes' });
  await expect(closeDialog).toContainText('congelada');
  await closeDialog.getByRole('button', { name: 'Cerrar mes' }).click();
  await expect(toast(page)).toContainText('Mes cerrado');
  await expect(section.getByText('Mes cerrado', { exact: true })).toBeVisible();
  await expect(section).toContainText(/Cerrado el .* por /);
  // Still working after the action: the figures are the frozen ones, payment still possible.
  await expect(section.getByRole('row', { name: new RegExp(`^${worker.name}`) })).toContainText('45,00 €');
  await expect(page.getByRole('article', { name: worker.name }).getByRole('button', { name: 'Confirmar pago' })).toBeVisible();

  await section.getByRole('button', { name: 'Reabrir mes' }).click();
  const reopenDialog = page.getByRole('dialog', { name: 'Reabrir mes' });
  await reopenDialog.getByRole('button', { name: 'Reabrir mes' }).click();
  await expect(toast(page)).toContainText('Mes reabierto');
  await expect(section.getByText('Mes abierto')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Cerrar mes' })).toBeVisible();
});

test('the supervisor downloads the month as XLSX and CSV from Pagos', async ({ page }) => {
  const { supervisor, worker, month } = await teamWithAShift();
  await openPayments(page, supervisor, month);
  const section = page.getByRole('region', { name: /Nómina por conceptos/ });

  const [xlsx] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: /^Descargar XLSX/ }).click()]);
  expect(xlsx.suggestedFilename()).toBe(`nomina-${month}.xlsx`);
  const bytes = await readFile((await xlsx.path()) as string);
  // A zip (an .xlsx), and the worker's two hours at 22,50 €/hora inside it.
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows[0]?.slice(6, 10)).toEqual(['Código concepto', 'Concepto', 'Unidades', 'Importe']);
  expect(rows.find((row) => row[5] === worker.name && row[7] === 'Horas ordinarias')?.slice(8, 10)).toEqual([2, 45]);

  const [csv] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: /^Descargar CSV/ }).click()]);
  expect(csv.suggestedFilename()).toBe(`nomina-${month}.csv`);
  const text = (await readFile((await csv.path()) as string)).toString('utf8');
  expect(text).toContain(`${worker.name};001;Horas ordinarias;2,00;45,00`);

  // Still working after the downloads: the page stayed, the sheet and its actions are there.
  await expect(page.getByRole('heading', { name: 'Pagos', level: 1 })).toBeVisible();
  await expect(section.getByRole('row', { name: new RegExp(`^${worker.name}`) })).toContainText('45,00 €');
  await expect(section.getByRole('button', { name: 'Cerrar mes' })).toBeEnabled();
});

for (const viewport of [
  { name: '375', width: 375, height: 812 },
  { name: '1280', width: 1280, height: 800 },
]) {
  test(`@screenshots Pagos with concepts at ${viewport.name} px`, async ({ page }) => {
    mkdirSync(screenshotsDir, { recursive: true });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const { supervisor, worker, month } = await teamWithAShift();
    await openPayments(page, supervisor, month);
    if (viewport.width >= 1024) await page.getByRole('button', { name: worker.name }).click();
    else await expect(page.getByRole('article', { name: worker.name }).getByRole('table', { name: `Conceptos de ${worker.name}` })).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(screenshotsDir, `payroll-pagos-${viewport.name}.png`), fullPage: true });
  });
}
