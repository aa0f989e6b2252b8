import { expect, test } from './support/test';
import { formatTime, localDateTimeOf } from '@jornada/shared/format';
import type { TimeRecord } from '@jornada/shared/schemas/time-records';
import { adminSession, apiSession, createTeam, uniqueSuffix, type TestPerson } from './support/api';
import { signIn } from './support/ui';

/*
 * Registro de jornada, corrections (issue 11): an employee asks on their phone to correct a completed
 * record, the supervisor approves it on the desktop, and the record's 'Historial de cambios' shows
 * the values before and after with the reason. Nothing changes until the supervisor approves.
 */

const here = { lat: 40.4168, lng: -3.7038, accuracy: 10 };
let supervisor: TestPerson;
let employee: TestPerson;
let eventName: string;
let record: TimeRecord;

test.beforeAll(async () => {
  const admin = await adminSession();
  ({ supervisor, employee } = await createTeam(admin));
  await admin.dispose();
  const asSupervisor = await apiSession(supervisor.username, supervisor.password);
  eventName = `Vigilancia ${uniqueSuffix()}`;
  const now = Date.now();
  const created = await asSupervisor.post<{ items: { id: string }[] }>('/events', {
    name: eventName,
    location: 'Recinto Ferial',
    date: new Date(now - 10 * 60_000).toISOString(),
    endDate: new Date(now + 3 * 60 * 60_000).toISOString(),
    type: 'momentary',
    assignedEmployees: [employee.id],
  });
  const event = created.items[0]!;
  await asSupervisor.dispose();
  // A completed record, clocked through the API (the clock-in spec covers the clock-in screens).
  const asEmployee = await apiSession(employee.username, employee.password);
  const started = await asEmployee.post<TimeRecord>('/time-records/start', { eventId: event.id, location: here });
  record = await asEmployee.post<TimeRecord>(`/time-records/${started.id}/stop`, { location: here });
  await asEmployee.dispose();
});

test('an employee proposes a correction, the supervisor approves it, the history shows both values', async ({ browser }) => {
  const newStart = new Date(Date.parse(record.startTime) - 60 * 60_000);
  const reason = 'Entré una hora antes; el móvil no tenía cobertura.';

  // The employee, on a phone: Mis Horas → 'Solicitar corrección'.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const employeePage = await phone.newPage();
  await signIn(employeePage, employee.username, employee.password);
  await employeePage.goto('/dashboard/my-hours');
  await employeePage.getByRole('button', { name: `Solicitar corrección: ${eventName}` }).click();
  const dialog = employeePage.getByRole('dialog', { name: 'Solicitar corrección' });
  await dialog.getByLabel('Entrada').fill(localDateTimeOf(newStart));
  await dialog.getByLabel('Motivo').fill(reason);
  await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(dialog).toBeHidden();
  await expect(employeePage.getByText('Corrección pendiente')).toBeVisible();
  // Nothing changed yet: the record still starts at its clocked time.
  await expect(employeePage.getByText(`${formatTime(record.startTime)} – ${formatTime(record.endTime!)}`)).toBeVisible();

  // The supervisor, on the desktop: Correcciones → Aprobar.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const supervisorPage = await desktop.newPage();
  await signIn(supervisorPage, supervisor.username, supervisor.password);
  // The overview's pending actions lead there (the panel loads several queries: a busy machine is slow).
  await expect(supervisorPage.getByText('1 corrección de fichaje espera tu decisión')).toBeVisible({ timeout: 20_000 });
  await supervisorPage.getByRole('link', { name: 'Ver correcciones' }).click();
  const card = supervisorPage.getByRole('article', { name: `Corrección de ${employee.name}` });
  await expect(card.getByText(reason)).toBeVisible();
  await card.getByRole('button', { name: 'Aprobar' }).click();
  await supervisorPage.getByRole('dialog', { name: 'Aprobar corrección' }).getByRole('button', { name: 'Aprobar corrección' }).click();
  await expect(supervisorPage.getByText('No hay correcciones pendientes.')).toBeVisible();
  await desktop.close();

  // The employee's history: who, when, before, after and why.
  await employeePage.reload();
  await expect(employeePage.getByText('Corregido', { exact: true })).toBeVisible();
  await employeePage.getByRole('button', { name: `Historial de cambios: ${eventName}` }).click();
  const history = employeePage.getByRole('dialog', { name: 'Historial de cambios' });
  const item = history.getByRole('article');
  await expect(item.getByText('Aprobada', { exact: true })).toBeVisible();
  await expect(item.getByRole('definition').first()).toContainText(`${formatTime(record.startTime)} – ${formatTime(record.endTime!)}`);
  await expect(item.getByRole('definition').nth(1)).toContainText(`${formatTime(newStart)} – ${formatTime(record.endTime!)}`);
  await expect(item.getByText(reason)).toBeVisible();
  await expect(item.getByText(`Aprobada por ${supervisor.name}`)).toBeVisible();
  await phone.close();
});
