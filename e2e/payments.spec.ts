import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { monthKeyOf } from '@jornada/shared/format';
import type { Category } from '@jornada/shared/schemas/categories';
import type { Company } from '@jornada/shared/schemas/companies';
import type { PaymentsResponse } from '@jornada/shared/schemas/payments';
import { adminSession, apiSession, createPerson, createTeam, type TestPerson } from './support/api';
import { admin } from './support/credentials';
import { signIn } from './support/ui';

/*
 * Payments and the monthly export (issue 8): a supervisor reads the month's payments per Empleado,
 * confirms one (final), and downloads the company's monthly JSON report from Mi Cuenta.
 */

let company: { id: string; name: string };
let supervisor: TestPerson;
let guard: TestPerson;
let helper: TestPerson;

test.beforeAll(async () => {
  const api = await adminSession();
  const team = await createTeam(api);
  ({ company, supervisor } = team);
  // A Vigilante (22,50 €/hora) and an Empleado without category ('Por Convenio').
  const vigilante = (await api.get<Category[]>('/categories')).find((category) => category.name === 'Vigilante');
  if (!vigilante) throw new Error('seed category Vigilante missing');
  const current = (await api.get<Company[]>('/companies')).find((candidate) => candidate.id === company.id);
  await api.put(`/companies/${company.id}/assignments`, {
    assignedRoles: current?.assignedRoles ?? [],
    assignedCategories: [...(current?.assignedCategories ?? []), vigilante.id],
  });
  guard = await createPerson(api, { role: 'Empleado', companyId: company.id, categoryIds: [vigilante.id] });
  helper = team.employee;
  await api.dispose();
});

const toast = (page: Page) => page.getByRole('region', { name: /Notificaciones/ }).getByRole('listitem');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

test('a supervisor reads the month per employee and confirms one payment, which stays paid', async ({ page }) => {
  const month = monthKeyOf(new Date());
  await signIn(page, supervisor.username, supervisor.password);
  await nav(page).getByRole('link', { name: 'Pagos' }).click();
  await expect(page.getByRole('heading', { name: 'Pagos', level: 1 })).toBeVisible();

  const guardCard = page.getByRole('article', { name: guard.name });
  const helperCard = page.getByRole('article', { name: helper.name });
  await expect(guardCard).toContainText(`${guard.username}@example.test`);
  await expect(guardCard).toContainText('0h 0m');
  await expect(guardCard).toContainText('22,50 €/hora');
  await expect(guardCard).toContainText('0,00 €');
  await expect(helperCard.getByText('Por Convenio')).toHaveCount(2);
  await expect(page.getByText('Pagos pendientes2')).toBeVisible();
  await expect(page.getByText('Pagos completados0')).toBeVisible();

  await guardCard.getByRole('button', { name: 'Confirmar pago' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar pago' });
  await expect(dialog).toContainText(guard.name);
  await expect(dialog).toContainText('no se puede deshacer');
  await dialog.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(toast(page)).toContainText('¡Pago Registrado!');
  await expect(dialog).toBeHidden();
  await expect(guardCard).toContainText('Este pago ya ha sido registrado.');
  await expect(guardCard).toContainText('Pagado el');
  await expect(guardCard.getByRole('button', { name: 'Confirmar pago' })).toHaveCount(0);
  await expect(page.getByText('Pagos pendientes1')).toBeVisible();
  await expect(page.getByText('Pagos completados1')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('article', { name: guard.name })).toContainText('Este pago ya ha sido registrado.');
  const api = await apiSession(supervisor.username, supervisor.password);
  const payments = await api.get<PaymentsResponse>(`/payments?month=${month}`);
  await api.dispose();
  expect(payments.items.find((line) => line.userId === guard.id)?.status).toBe('paid');
  expect(payments.items.find((line) => line.userId === helper.id)?.status).toBe('pending');

  // The previous month is still unpaid for everybody; the address keeps the month.
  await page.getByRole('button', { name: 'Mes anterior' }).click();
  await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
  await expect(page.getByRole('article', { name: guard.name }).getByRole('button', { name: 'Confirmar pago' })).toBeVisible();
  await expect(page.getByText('Pagos completados0')).toBeVisible();
});

test('the supervisor downloads the monthly report with its eight keys; an employee has no report', async ({ page, browser }) => {
  const month = monthKeyOf(new Date());
  await signIn(page, supervisor.username, supervisor.password);
  await nav(page).getByRole('link', { name: 'Mi Cuenta' }).click();
  const section = page.getByRole('region', { name: 'Informe mensual' });
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Generar Informe' }).click();
  const download = await downloading;
  await expect(toast(page)).toContainText('¡Informe Generado!');
  expect(download.suggestedFilename()).toBe(`${company.name}_${month.replace('-', '_')}.json`);
  const report = JSON.parse(await readFile(await download.path(), 'utf8')) as Record<string, unknown>;
  expect(Object.keys(report).sort()).toEqual(['company', 'employees', 'events', 'materialLoans', 'month', 'payments', 'timeRecords', 'workReports']);
  expect(report.month).toBe(month);
  expect(report.company).toMatchObject({ id: company.id, name: company.name });

  const other = await (await browser.newContext()).newPage();
  await signIn(other, helper.username, helper.password);
  await other.goto('/dashboard/account');
  await expect(other.getByRole('heading', { name: 'Mi Cuenta', level: 1 })).toBeVisible();
  await expect(other.getByRole('region', { name: 'Informe mensual' })).toHaveCount(0);
  await other.context().close();
});

test('an administrator picks the company whose payments to see', async ({ page }) => {
  await signIn(page, admin.username, admin.password);
  await page.goto('/dashboard/payments');
  await page.getByLabel('Empresa').selectOption({ label: company.name });
  await expect(page).toHaveURL(new RegExp(`company=${company.id}`));
  await expect(page.getByRole('article', { name: helper.name })).toContainText('Por Convenio');
});

test('a paid month whose records are corrected afterwards keeps what was paid and says it no longer matches the registro', async ({ page }) => {
  // Its own company, so the counts of the tests above stay as they are.
  const api = await adminSession();
  const team = await createTeam(api);
  const vigilante = (await api.get<Category[]>('/categories')).find((category) => category.name === 'Vigilante');
  if (!vigilante) throw new Error('seed category Vigilante missing');
  const current = (await api.get<Company[]>('/companies')).find((candidate) => candidate.id === team.company.id);
  await api.put(`/companies/${team.company.id}/assignments`, { assignedRoles: current?.assignedRoles ?? [], assignedCategories: [...(current?.assignedCategories ?? []), vigilante.id] });
  const worker = await createPerson(api, { role: 'Empleado', companyId: team.company.id, categoryIds: [vigilante.id] });
  await api.dispose();

  // A short shift (0 min), paid; then the worker's correction (two hours earlier start) is approved.
  const here = { lat: 40.4168, lng: -3.7038, accuracy: 10 };
  const boss = await apiSession(team.supervisor.username, team.supervisor.password);
  const asWorker = await apiSession(worker.username, worker.password);
  const now = Date.now();
  const { items } = await boss.post<{ items: { id: string }[] }>('/events', {
    name: 'Vigilancia nocturna',
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
  const month = monthKeyOf(new Date(record.startTime));
  await boss.post('/payments', { userId: worker.id, month });
  const correction = await asWorker.post<{ id: string }>(`/time-records/${record.id}/corrections`, {
    startTime: new Date(Date.parse(record.startTime) - 2 * 60 * 60_000).toISOString(),
    reason: 'Empecé dos horas antes; el móvil no tenía cobertura',
  });
  await boss.post(`/corrections/${correction.id}/approve`, {});
  await asWorker.dispose();

  await signIn(page, team.supervisor.username, team.supervisor.password);
  await nav(page).getByRole('link', { name: 'Pagos' }).click();
  await expect(page.getByRole('heading', { name: 'Pagos', level: 1 })).toBeVisible();
  // The month the shift fell in (it may be the previous one just after midnight on the 1st).
  if (month !== monthKeyOf(new Date())) await page.getByRole('button', { name: 'Mes anterior' }).click();
  const card = page.getByRole('article', { name: worker.name });
  await expect(card.getByText('Pagado', { exact: true })).toBeVisible();
  await expect(card.getByText('No coincide con el registro', { exact: true })).toBeVisible();
  await expect(card).toContainText('Pagado:0h 0m · 0,00 €');
  await expect(card).toContainText('Registro ahora:2h 0m · 45,00 €');
  // The payment itself was never rewritten: the card's figures are still what was paid.
  await expect(card.getByRole('definition').first()).toHaveText('0h 0m');
  await expect(card).toContainText('Este pago ya ha sido registrado.');
  await expect(card.getByRole('button', { name: 'Confirmar pago' })).toHaveCount(0);

  const payments = await boss.get<PaymentsResponse>(`/payments?month=${month}`);
  await boss.dispose();
  expect(payments.items.find((line) => line.userId === worker.id)).toMatchObject({ status: 'paid', minutes: 0, amount: 0, recordMinutes: 120, recordAmount: 45, mismatch: true });
});
