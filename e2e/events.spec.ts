import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expandConstantEvent } from '@jornada/shared/events';
import { formatLongDate, instantFromLocalDateTime } from '@jornada/shared/format';
import type { EventPage } from '@jornada/shared/schemas/events';
import { adminSession, apiSession, createTeam, uniqueSuffix, type TestPerson } from './support/api';
import { madridDay, signIn } from './support/ui';

let supervisor: TestPerson;
let employee: TestPerson;

test.beforeAll(async () => {
  const api = await adminSession();
  ({ supervisor, employee } = await createTeam(api));
  await api.dispose();
});

const DAY_MS = 86_400_000;

/** The next Monday at least a week away, so the constant event lies wholly in the future. */
function nextMondayAfterAWeek(): string {
  for (let days = 7; days < 14; days++) {
    const day = madridDay(days);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 1) return day;
  }
  throw new Error('unreachable');
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

async function fillEventForm(page: Page, fields: { name: string; location: string; start: string; end: string }) {
  const dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
  await dialog.getByLabel('Nombre', { exact: true }).fill(fields.name);
  await dialog.getByLabel('Ubicación', { exact: true }).fill(fields.location);
  await dialog.getByLabel('Inicio', { exact: true }).fill(fields.start);
  await dialog.getByLabel('Fin', { exact: true }).fill(fields.end);
  return dialog;
}

async function eventsNamed(person: TestPerson, name: string) {
  const api = await apiSession(person.username, person.password);
  const page = await api.get<EventPage>('/events?status=Programado,Activo&limit=200');
  await api.dispose();
  return page.items.filter((event) => event.name === name);
}

test('a supervisor creates a momentary and a constant event, edits one and deletes one', async ({ page }) => {
  const suffix = uniqueSuffix();
  const concert = `Concierto ${suffix}`;
  const round = `Ronda ${suffix}`;
  await signIn(page, supervisor.username, supervisor.password);
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Gestionar Eventos' }).click();
  await expect(page.getByRole('heading', { name: 'Gestionar Eventos', level: 1 })).toBeVisible();

  // A momentary event with the employee assigned; an empty submit first shows the spec's message.
  await page.getByRole('button', { name: 'Nuevo evento' }).click();
  let dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
  await dialog.getByRole('button', { name: 'Crear evento' }).click();
  await expect(dialog.getByText('Por favor, completa todos los campos del evento.')).toBeVisible();
  const tomorrow = madridDay(1);
  await fillEventForm(page, { name: concert, location: 'Palacio de Deportes', start: `${tomorrow}T18:00`, end: `${tomorrow}T23:30` });
  await dialog.getByRole('button', { name: 'Asignar empleados' }).click();
  const staffDialog = page.getByRole('dialog', { name: 'Asignar empleados' });
  await staffDialog.getByRole('checkbox', { name: employee.name }).check();
  await staffDialog.getByRole('button', { name: 'Listo' }).click();
  await expect(dialog.getByText(employee.name)).toBeVisible();
  await dialog.getByRole('button', { name: 'Crear evento' }).click();
  await expect(page.getByText('Evento creado', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(concert) })).toContainText(employee.name);

  // A constant event on Mondays and Wednesdays over two weeks: the preview and the toast agree with the rule.
  const monday = nextMondayAfterAWeek();
  const start = `${monday}T08:00`;
  const end = `${addDays(monday, 13)}T14:00`;
  const expected = expandConstantEvent({ start: instantFromLocalDateTime(start)!, end: instantFromLocalDateTime(end)!, repeatDays: [0, 2] }).length;
  expect(expected).toBe(4);
  await page.getByRole('button', { name: 'Nuevo evento' }).click();
  dialog = await fillEventForm(page, { name: round, location: 'Polígono Norte', start, end });
  await dialog.getByRole('radio', { name: 'Constante' }).check();
  await dialog.getByRole('button', { name: 'Días de repetición' }).click();
  const daysDialog = page.getByRole('dialog', { name: 'Días de repetición' });
  await daysDialog.getByRole('checkbox', { name: 'Lunes' }).check();
  await daysDialog.getByRole('checkbox', { name: 'Miércoles' }).check();
  await expect(daysDialog.getByText(`Se crearán ${expected} eventos.`)).toBeVisible();
  await daysDialog.getByRole('button', { name: 'Listo' }).click();
  await dialog.getByRole('button', { name: 'Crear evento' }).click();
  await expect(page.getByText(`${expected} eventos creados`, { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(round) })).toHaveCount(expected);
  expect(await eventsNamed(supervisor, round)).toHaveLength(expected);

  // Edit the momentary event: the type is locked; the new location survives a reload.
  await page.getByRole('row', { name: new RegExp(concert) }).getByRole('button', { name: 'Editar' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Editar evento' });
  await expect(editDialog.getByRole('radio', { name: 'Puntual' })).toBeDisabled();
  await expect(editDialog.getByRole('button', { name: 'Días de repetición' })).toHaveCount(0);
  await editDialog.getByLabel('Ubicación', { exact: true }).fill('Estadio Municipal');
  await editDialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Evento actualizado', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(concert) })).toContainText('Estadio Municipal');

  // Delete one day of the constant event, after confirming.
  await page.getByRole('row', { name: new RegExp(round) }).first().getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar evento' });
  await confirm.getByRole('button', { name: 'Eliminar evento' }).click();
  await expect(page.getByText('Evento eliminado', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(round) })).toHaveCount(expected - 1);
  expect(await eventsNamed(supervisor, round)).toHaveLength(expected - 1);

  // Supervise events lists the rounds without staff.
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Supervisar Eventos' }).click();
  const roundCard = page.getByRole('article', { name: round }).first();
  await expect(roundCard).toContainText('Sin personal asignado.');
  await expect(page.getByRole('article', { name: concert })).toContainText(employee.name);
});

test('the employee sees the active event in Mis Turnos and the calendar, and opens it', async ({ page }) => {
  const name = `Turno activo ${uniqueSuffix()}`;
  const api = await apiSession(supervisor.username, supervisor.password);
  await api.post('/events', {
    name,
    location: 'Recinto Ferial',
    date: new Date(Date.now() - 2 * 60_000).toISOString(),
    endDate: new Date(Date.now() + 3 * 3_600_000).toISOString(),
    assignedEmployees: [employee.id],
  });
  await api.dispose();

  await signIn(page, employee.username, employee.password);
  await page.goto('/dashboard/shifts?filter=active');
  await expect(page.getByRole('tab', { name: 'Turnos actuales' })).toHaveAttribute('aria-selected', 'true');
  const shift = page.getByRole('article', { name });
  await expect(shift).toContainText('Recinto Ferial');
  await expect(shift).toContainText('Activo');

  await page.goto('/dashboard/overview');
  await expect(page.getByRole('heading', { name: 'Panel Principal', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /^Hoy, .*, 1 evento$/ }).click();
  const detail = page.getByRole('dialog', { name });
  await expect(detail).toContainText('Recinto Ferial');
  await expect(detail).toContainText('Activo');
  await expect(detail.getByText('Personal asignado')).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Iniciar Turno' })).toBeVisible();
});

// The calendar draws the company's calendar days (Europe/Madrid), whatever zone the phone is set to:
// Auckland is 12 hours ahead of Madrid in November (already tomorrow from Madrid's noon), Los Angeles
// 9 hours behind (still yesterday until Madrid's 9:00).
for (const timezoneId of ['Pacific/Auckland', 'America/Los_Angeles']) {
  test.describe(`a phone set to ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('sees the company\'s today and its event on the overview calendar', async ({ page }) => {
      const api = await adminSession();
      const team = await createTeam(api);
      await api.dispose();
      const name = `Turno de otra zona ${uniqueSuffix()}`;
      const supervisorApi = await apiSession(team.supervisor.username, team.supervisor.password);
      await supervisorApi.post('/events', {
        name,
        location: 'Recinto Ferial',
        date: new Date(Date.now() - 2 * 60_000).toISOString(),
        endDate: new Date(Date.now() + 3 * 3_600_000).toISOString(),
        assignedEmployees: [team.employee.id],
      });
      await supervisorApi.dispose();

      await signIn(page, team.employee.username, team.employee.password);
      await page.goto('/dashboard/overview');
      const today = formatLongDate(new Date());
      const day = page.getByRole('button', { name: `Hoy, ${today}, 1 evento`, exact: true });
      await expect(day).toBeVisible();
      await expect(page.getByRole('button', { name: /^Hoy,/ })).toHaveCount(1);
      await day.click();
      await expect(page.getByRole('dialog', { name })).toContainText('Recinto Ferial');
    });
  });
}
