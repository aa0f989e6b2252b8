import { instantFromLocalDateTime, localDateTimeOf } from '@jornada/shared/format';
import { expectAccessible, settle } from './support/axe';
import { adminSession, apiSession, createTeam, createPerson, uniqueSuffix, type TestPerson } from './support/api';
import { expect, test, type Page } from './support/test';
import { signIn } from './support/ui';

/*
 * Issue 21 items 2 and 9: the 'Asignar empleados' picker of 'Nuevo evento' shows, for the times as
 * typed, who is on vacation and who is already booked; saving a double booking is refused with a
 * message naming the person and the other event, and the form stays usable.
 */
const DAY_MS = 86_400_000;
const toast = (page: Page) => page.getByRole('region', { name: /Notificaciones/ }).getByRole('listitem');

let supervisor: TestPerson;
let onVacation: TestPerson;
let booked: TestPerson;
let free: TestPerson;
let day: string;
let guard: string;

test.beforeAll(async () => {
  const admin = await adminSession();
  const team = await createTeam(admin);
  ({ supervisor, employee: onVacation } = team);
  booked = await createPerson(admin, { role: 'Empleado', companyId: team.company.id });
  free = await createPerson(admin, { role: 'Empleado', companyId: team.company.id });
  await admin.dispose();

  // A day three weeks ahead: the employee has it as a confirmed vacation; the other is booked 10:00–14:00.
  day = localDateTimeOf(new Date(Date.now() + 21 * DAY_MS)).slice(0, 10);
  const worker = await apiSession(onVacation.username, onVacation.password);
  const request = await worker.post<{ id: string }>('/my-vacations', { dates: [day] });
  await worker.dispose();
  const boss = await apiSession(supervisor.username, supervisor.password);
  await boss.post(`/vacations/${request.id}/approve`);
  guard = `Guardia ${uniqueSuffix()}`;
  await boss.post('/events', {
    name: guard,
    location: 'Museo',
    date: instantFromLocalDateTime(`${day}T10:00`),
    endDate: instantFromLocalDateTime(`${day}T14:00`),
    assignedEmployees: [booked.id],
  });
  await boss.dispose();
});

test('the picker shows who is on vacation or booked, and a double booking is refused by name', async ({ page }) => {
  const [from, to] = ['10:00', '14:00'];
  await signIn(page, supervisor.username, supervisor.password);
  await page.goto('/dashboard/manage-events');
  await expect(page.getByRole('heading', { name: 'Gestionar Eventos', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo evento' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo evento' });
  const fair = `Feria ${uniqueSuffix()}`;
  await form.getByLabel('Nombre', { exact: true }).fill(fair);
  await form.getByLabel('Ubicación', { exact: true }).fill('Recinto Ferial');
  await form.getByLabel('Inicio', { exact: true }).fill(`${day}T12:00`);
  await form.getByLabel('Fin', { exact: true }).fill(`${day}T16:00`);

  await form.getByRole('button', { name: 'Asignar empleados' }).click();
  const picker = page.getByRole('dialog', { name: 'Asignar empleados' });
  const row = (person: TestPerson) => picker.locator('label').filter({ has: page.getByRole('checkbox', { name: person.name }) });
  await expect(row(onVacation)).toContainText('De vacaciones');
  await expect(row(booked)).toContainText(`Ocupado: «${guard}» ${from}–${to}`);
  await expect(row(free)).toContainText('Disponible');
  // The states' colours and words pass axe (WCAG 2.1 AA, contrast included).
  await settle(page);
  await expectAccessible(page, 'the assign-employees picker with states');
  // Nobody is hidden: the booked person can still be chosen, and the server decides.
  await picker.getByRole('checkbox', { name: booked.name }).check();
  await picker.getByRole('button', { name: 'Listo' }).click();
  // The form says it too, under the chosen staff.
  const staffNotes = form.getByRole('list', { name: 'Avisos del personal asignado' });
  await expect(staffNotes).toContainText(`${booked.name}: Ocupado: «${guard}» ${from}–${to}`);
  await form.getByRole('button', { name: 'Crear evento' }).click();
  const dayLabel = day.split('-').reverse().join('/');
  await expect(toast(page)).toContainText(`Doble asignación: ${booked.name} ya tiene asignado «${guard}» el ${dayLabel} de ${from} a ${to}.`);
  await expect(form).toBeVisible();

  // Start when the guard ends: the picker follows the new times and the event is created.
  await form.getByLabel('Inicio', { exact: true }).fill(`${day}T14:00`);
  await expect(staffNotes).toBeHidden();
  await form.getByRole('button', { name: 'Asignar empleados' }).click();
  await expect(row(booked)).toContainText('Disponible');
  await expect(row(onVacation)).toContainText('De vacaciones');
  await picker.getByRole('button', { name: 'Listo' }).click();
  await form.getByRole('button', { name: 'Crear evento' }).click();
  await expect(toast(page).filter({ hasText: 'Evento creado' })).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Gestionar Eventos', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo evento' })).toBeEnabled();
});
