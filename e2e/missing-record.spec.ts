import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { instantFromLocalDateTime, localDateTimeOf, monthKeyOf } from '@jornada/shared/format';
import type { Correction } from '@jornada/shared/schemas/corrections';
import { adminSession, apiSession, createTeam, uniqueSuffix, type TestPerson } from './support/api';
import { drawSignature, signIn } from './support/ui';

/*
 * Issue 25, item 9: a worker who forgot to clock in at all proposes the missing record on their phone
 * ('Dar de alta un fichaje olvidado'), a supervisor approves it on the desktop and the time log shows
 * it 'Alta por corrección'; a month signed before a later correction asks for 'Firmar la nueva versión'.
 * SCREENSHOT_DIR (optional) receives the screens at 375 and 1280 px.
 */

const HOUR = 3_600_000;
const shotDir = process.env.SCREENSHOT_DIR;
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const signature = `data:image/png;base64,${png.toString('base64')}`;

async function shoot(page: Page, name: string) {
  if (shotDir) await page.screenshot({ path: `${shotDir}/${name}.png`, fullPage: true });
}

/** A team with an event that started 10 minutes ago, assigned to the employee. */
async function arrange(): Promise<{ supervisor: TestPerson; employee: TestPerson; event: { id: string; name: string } }> {
  const admin = await adminSession();
  const { supervisor, employee } = await createTeam(admin);
  await admin.dispose();
  const asSupervisor = await apiSession(supervisor.username, supervisor.password);
  const name = `Feria ${uniqueSuffix()}`;
  const created = await asSupervisor.post<{ items: { id: string }[] }>('/events', {
    name,
    location: 'Recinto Ferial',
    date: new Date(Date.now() - 10 * 60_000).toISOString(),
    endDate: new Date(Date.now() + 3 * HOUR).toISOString(),
    type: 'momentary',
    assignedEmployees: [employee.id],
  });
  await asSupervisor.dispose();
  return { supervisor, employee, event: { id: created.items[0]!.id, name } };
}

test('a worker proposes a forgotten record on the phone, a supervisor approves it, the time log flags it', async ({ browser }) => {
  const { supervisor, employee, event } = await arrange();
  // Yesterday 08:00–12:00 (Madrid): in the past, inside the 31-day window.
  const yesterday = localDateTimeOf(new Date(Date.now() - 24 * HOUR)).slice(0, 10);
  const reason = 'Se me olvidó fichar la entrada y la salida.';

  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const employeePage = await phone.newPage();
  await signIn(employeePage, employee.username, employee.password);
  await employeePage.goto('/dashboard/my-hours');
  await employeePage.getByRole('button', { name: 'Dar de alta un fichaje olvidado' }).click();
  const dialog = employeePage.getByRole('dialog', { name: 'Dar de alta un fichaje olvidado' });
  await dialog.getByRole('button', { name: 'Proponer alta' }).click();
  await expect(dialog.getByText('Elige el evento en el que trabajaste.')).toBeVisible();
  const option = await dialog.getByLabel('Evento').locator('option', { hasText: event.name }).getAttribute('value');
  await dialog.getByLabel('Evento').selectOption(option!);
  await dialog.getByLabel('Entrada').fill(`${yesterday}T08:00`);
  await dialog.getByLabel('Salida').fill(`${yesterday}T12:00`);
  await dialog.getByLabel('Motivo').fill(reason);
  // No error toast: the worker's form asks only for what a worker may read.
  await expect(employeePage.getByText('No tienes permiso')).toHaveCount(0);
  await shoot(employeePage, 'missing-record-375');
  await dialog.getByRole('button', { name: 'Proponer alta' }).click();
  await expect(dialog).toBeHidden();
  // Nothing is recorded yet; the proposal waits on 'Correcciones'.
  await employeePage.goto('/dashboard/corrections');
  const pending = employeePage.getByRole('article', { name: `Alta de fichaje de ${employee.name}` });
  await expect(pending.getByText(reason)).toBeVisible();
  await expect(pending.getByText('Sin fichaje')).toBeVisible();

  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const supervisorPage = await desktop.newPage();
  await signIn(supervisorPage, supervisor.username, supervisor.password);
  await supervisorPage.goto('/dashboard/corrections');
  const card = supervisorPage.getByRole('article', { name: `Alta de fichaje de ${employee.name}` });
  await expect(card.getByText(reason)).toBeVisible();
  await card.getByRole('button', { name: 'Aprobar' }).click();
  await supervisorPage.getByRole('dialog', { name: 'Aprobar corrección' }).getByRole('button', { name: 'Aprobar corrección' }).click();
  await expect(supervisorPage.getByText('No hay correcciones pendientes.')).toBeVisible();

  await supervisorPage.goto('/dashboard/time-log');
  await expect(supervisorPage.getByRole('heading', { level: 1, name: 'Fichajes' })).toBeVisible();
  const row = supervisorPage.getByRole('row').filter({ hasText: employee.name });
  await expect(row.getByText('Alta por corrección')).toBeVisible();
  await expect(row.getByText('08:00')).toBeVisible();
  await shoot(supervisorPage, 'missing-record-1280');
  await desktop.close();

  // The worker's Mis Horas shows it too, and the screen still works.
  await employeePage.goto(`/dashboard/my-hours?month=${yesterday.slice(0, 7)}`);
  await expect(employeePage.getByRole('heading', { level: 1, name: 'Mis Horas' })).toBeVisible();
  await expect(employeePage.getByText('Alta por corrección')).toBeVisible();
  await expect(employeePage.getByRole('button', { name: 'Dar de alta un fichaje olvidado' })).toBeEnabled();
  await shoot(employeePage, 'my-hours-flagged-375');
  await phone.close();
});

test('a worker signs again a month that a correction changed after the signature', async ({ browser }) => {
  const { supervisor, employee, event } = await arrange();
  const now = new Date();
  const month = (() => {
    const [year, number] = monthKeyOf(now).split('-').map(Number) as [number, number];
    return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
  })();
  // The previous month, signed (empty) through the API; then a forgotten evening of its last day is
  // added through an approved 'Alta de fichaje' (3 hours ending 4 hours before this month began).
  const asEmployee = await apiSession(employee.username, employee.password);
  await asEmployee.post(`/registro/mine/sign`, { month, signature });
  const monthStart = Date.parse(instantFromLocalDateTime(`${monthKeyOf(now)}-01T00:00`)!);
  const proposal = await asEmployee.post<Correction>('/corrections/missing-records', {
    eventId: event.id,
    startTime: new Date(monthStart - 7 * HOUR).toISOString(),
    endTime: new Date(monthStart - 4 * HOUR).toISOString(),
    reason: 'Turno de tarde sin fichar',
  });
  await asEmployee.dispose();
  const asSupervisor = await apiSession(supervisor.username, supervisor.password);
  await asSupervisor.post(`/corrections/${proposal.id}/approve`, {});
  await asSupervisor.dispose();

  for (const [width, height, name] of [
    [375, 812, 'resign-375'],
    [1280, 800, 'resign-1280'],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await signIn(page, employee.username, employee.password);
    await page.goto(`/dashboard/my-registro?month=${month}`);
    await expect(page.getByText('Una corrección aprobada cambió este mes después de la firma')).toBeVisible();
    await expect(page.getByText('Alta por corrección')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Firmar la nueva versión' })).toBeVisible();
    await shoot(page, name);
    if (width === 1280) {
      await page.getByRole('button', { name: 'Firmar la nueva versión' }).click();
      const dialog = page.getByRole('dialog', { name: /Firmar la nueva versión de/ });
      await drawSignature(page, dialog.locator('canvas'));
      await dialog.getByRole('button', { name: 'Firmar la nueva versión' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: 'Firmar la nueva versión' })).toHaveCount(0);
      await expect(page.getByRole('list', { name: 'Firmas anteriores' })).toContainText('sustituida');
      await expect(page.getByRole('heading', { level: 1, name: 'Registro de Jornada' })).toBeVisible();
      await shoot(page, 'resign-1280-signed');
    }
    await context.close();
  }
});

test('a supervisor proposes a forgotten record for a worker, the worker accepts it with their signature', async ({ browser }) => {
  const { supervisor, employee, event } = await arrange();
  const twoDaysAgo = localDateTimeOf(new Date(Date.now() - 48 * HOUR)).slice(0, 10);

  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const supervisorPage = await desktop.newPage();
  await signIn(supervisorPage, supervisor.username, supervisor.password);
  await supervisorPage.goto('/dashboard/corrections');
  await supervisorPage.getByRole('button', { name: 'Proponer alta para un trabajador' }).click();
  const dialog = supervisorPage.getByRole('dialog', { name: 'Dar de alta un fichaje olvidado' });
  await dialog.getByLabel('Trabajador').selectOption({ label: employee.name });
  const option = dialog.getByLabel('Evento').locator('option', { hasText: event.name });
  await expect(option).toHaveCount(1);
  await dialog.getByLabel('Evento').selectOption((await option.getAttribute('value'))!);
  await dialog.getByLabel('Entrada').fill(`${twoDaysAgo}T09:00`);
  await dialog.getByLabel('Salida').fill(`${twoDaysAgo}T13:30`);
  await dialog.getByLabel('Motivo').fill('Consta en el parte del jefe de equipo.');
  await shoot(supervisorPage, 'missing-record-form-1280');
  await dialog.getByRole('button', { name: 'Proponer alta' }).click();
  await expect(dialog).toBeHidden();
  const card = supervisorPage.getByRole('article', { name: `Alta de fichaje de ${employee.name}` });
  await expect(card.getByText('Consta en el parte del jefe de equipo.')).toBeVisible();
  // One side alone never writes it: the supervisor cannot approve their own proposal.
  await expect(card.getByRole('button', { name: 'Aprobar' })).toHaveCount(0);
  await desktop.close();

  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const employeePage = await phone.newPage();
  await signIn(employeePage, employee.username, employee.password);
  await employeePage.goto('/dashboard/corrections');
  const own = employeePage.getByRole('article', { name: `Alta de fichaje de ${employee.name}` });
  await own.getByRole('button', { name: 'Aprobar' }).click();
  const approve = employeePage.getByRole('dialog', { name: 'Aprobar corrección' });
  await drawSignature(employeePage, approve.locator('canvas'));
  await expect(approve.getByText('Firma para aceptar que se dé de alta este fichaje que faltaba.')).toBeVisible();
  await approve.getByRole('button', { name: 'Firmar y aprobar' }).click();
  await expect(approve).toBeHidden();
  await employeePage.goto(`/dashboard/my-hours?month=${twoDaysAgo.slice(0, 7)}`);
  await expect(employeePage.getByRole('heading', { level: 1, name: 'Mis Horas' })).toBeVisible();
  await expect(employeePage.getByText('Alta por corrección')).toBeVisible();
  await phone.close();
});
