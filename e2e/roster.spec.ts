import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatLongDay, instantFromLocalDateTime } from '@jornada/shared/format';
import { adminSession, createPerson, createTeam, uniqueSuffix, withApi, type TestPerson } from './support/api';
import { expect, test, type Page } from './support/test';
import { madridDay, signIn } from './support/ui';

/*
 * Issue 27 item 1 (decision 045): the 'Cuadrante'. A supervisor opens next week, assigns a person by
 * clicking an empty cell (the event requires a TIP the person lacks: the company only warns, the
 * cell then shows the conflict and its reason), and assigns another past a working-time warning
 * ('Asignar igualmente'). On a phone the week reads as a list of days. Screenshots at 375 and 1280 px.
 */
const screenshotsDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const TIP = 'TIP de vigilante de seguridad';

/** The Monday of a day key's week. */
const mondayOf = (key: string) => {
  const date = new Date(`${key}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
};

const longDay = (key: string) => {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return formatLongDay(new Date(year, month - 1, day));
};

interface Week {
  day: string;
  supervisor: TestPerson;
  guard: TestPerson;
  newcomer: TestPerson;
  names: { morning: string; vip: string; night: string };
}

/** A team, and next week's day with a morning event (the guard on it), a VIP event that requires the TIP and an evening event, nobody on those. */
async function week(): Promise<Week> {
  const api = await adminSession();
  const { company, supervisor, employee: guard } = await createTeam(api);
  const newcomer = await createPerson(api, { role: 'Empleado', companyId: company.id, name: `Nuria Nueva ${uniqueSuffix()}` });
  await api.dispose();
  const day = madridDay(7);
  const suffix = uniqueSuffix();
  const names = { morning: `Ronda ${suffix}`, vip: `Escolta VIP ${suffix}`, night: `Cierre ${suffix}` };
  await withApi(supervisor, async (boss) => {
    const types = await boss.get<{ items: { id: string; name: string }[] }>('/qualification-types');
    const tip = types.items.find((type) => type.name === TIP)!.id;
    const event = (name: string, from: string, to: string, extra: object = {}) =>
      boss.post('/events', { name, location: 'Recinto Ferial', date: instantFromLocalDateTime(`${day}T${from}`), endDate: instantFromLocalDateTime(`${day}T${to}`), ...extra });
    await event(names.morning, '08:00', '14:00', { assignedEmployees: [guard.id] });
    await event(names.vip, '16:00', '20:00', { requiredQualifications: [tip] });
    await event(names.night, '17:00', '21:00');
  });
  // The guard cannot work that evening ('Mi Disponibilidad', decision 044): the cell says so.
  await withApi(guard, (me) => me.post('/my-unavailability', { kind: 'dates', startDate: day, endDate: day, allDay: false, startTime: '18:00', endTime: '23:00', note: 'Médico' }));
  return { day, supervisor, guard, newcomer, names };
}

async function openRoster(page: Page, day: string) {
  await page.goto(`/dashboard/roster?week=${day}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cuadrante' })).toBeVisible();
}

test('a supervisor assigns from the Cuadrante: the event shows in the cell, with its conflict marked', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { day, supervisor, guard, newcomer, names } = await week();
  await signIn(page, supervisor.username, supervisor.password);
  await page.getByRole('link', { name: 'Cuadrante' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cuadrante' })).toBeVisible();
  await page.getByRole('button', { name: 'Semana siguiente' }).click();
  const grid = page.getByRole('table', { name: 'Cuadrante' });
  const guardRow = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: guard.name }) });
  await expect(guardRow).toContainText(names.morning);
  await expect(guardRow).toContainText('08:00–14:00');
  const unavailable = guardRow.getByTitle(/^No disponible: .*Médico/);
  await expect(unavailable).toContainText('18:00–23:00');
  await expect(unavailable).toContainText('No disponible');

  // An empty cell: the day's events with room, the person on none of them.
  await page.getByRole('button', { name: `Asignar a ${newcomer.name} el ${longDay(day)}` }).click();
  const dialog = page.getByRole('dialog', { name: `Asignar a ${newcomer.name}` });
  const choices = dialog.getByRole('list', { name: 'Eventos con plazas' });
  await expect(choices.getByRole('listitem')).toHaveCount(3);
  await dialog.getByRole('button', { name: `Asignar a «${names.vip}»` }).click();
  await expect(page.getByText('Asignado con titulaciones pendientes', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The cell shows the event and the conflict; its reason one click away.
  const newcomerRow = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: newcomer.name }) });
  const chip = newcomerRow.getByRole('button', { name: new RegExp(`${names.vip}: Titulación`) });
  await expect(chip).toBeVisible();
  await expect(chip).toContainText('16:00–20:00');
  await chip.click();
  await expect(page.getByRole('list', { name: 'Conflictos' })).toContainText(`${newcomer.name} no tiene la titulación «${TIP}»`);
  await page.keyboard.press('Escape');

  // A working-time warning asks first; 'Asignar igualmente' saves, and the cell marks the rule.
  await page.getByRole('button', { name: `Asignar a ${guard.name} el ${longDay(day)}` }).click();
  const second = page.getByRole('dialog', { name: `Asignar a ${guard.name}` });
  await second.getByRole('button', { name: `Asignar a «${names.night}»` }).click();
  await expect(second.getByRole('alert')).toContainText('La asignación incumple las normas de jornada');
  await second.getByRole('button', { name: 'Asignar igualmente' }).click();
  await expect(second).toBeHidden();
  // The evening falls in the time the guard said they cannot work: the shift is marked for both reasons.
  await expect(guardRow.getByRole('button', { name: new RegExp(`${names.night}: No disponible, Normas de jornada`) })).toBeVisible();

  // 'Imprimir semana': the week as a PDF file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Imprimir semana' }).click()]);
  expect(download.suggestedFilename()).toBe(`cuadrante-${mondayOf(day)}.pdf`);
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');

  // The screen still works: the week moves on and back.
  await page.getByRole('button', { name: 'Semana siguiente' }).click();
  await expect(guardRow).not.toContainText(names.morning);
  await page.getByRole('button', { name: 'Semana anterior' }).click();
  await expect(guardRow).toContainText(names.night);

  // The month of that week: narrow cells, the start times, the details one click away.
  await page.getByRole('button', { name: 'Mes', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Mes siguiente' })).toBeVisible();
  await expect(grid.getByRole('columnheader')).toHaveCount(1 + Number(new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0).getDate()));
  const monthChip = newcomerRow.getByRole('button', { name: new RegExp(`${names.vip}: Titulación`) });
  await expect(monthChip).toHaveText('16:00');
  await monthChip.click();
  await expect(page.getByRole('list', { name: 'Conflictos' })).toContainText(`${newcomer.name} no tiene la titulación «${TIP}»`);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Semana', exact: true }).click();
  await expect(guardRow).toContainText(names.morning);
});

test('at a desk an event is dragged from "Eventos con plazas" onto a person\'s day, and confirmed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { day, supervisor, newcomer, names } = await week();
  await signIn(page, supervisor.username, supervisor.password);
  await openRoster(page, day);
  const chips = page.getByRole('list', { name: 'Eventos con plazas para arrastrar' });
  const chip = chips.getByRole('listitem').filter({ hasText: names.night });
  await expect(chip).toBeVisible();
  const grid = page.getByRole('table', { name: 'Cuadrante' });
  const row = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: newcomer.name }) });
  const cell = row.getByRole('cell').nth(new Date(`${day}T12:00:00Z`).getUTCDay() === 0 ? 6 : new Date(`${day}T12:00:00Z`).getUTCDay() - 1);
  await chip.dragTo(cell);
  const dialog = page.getByRole('dialog', { name: `Asignar a ${newcomer.name}` });
  await expect(dialog.getByText('confirma el evento que has soltado.', { exact: false })).toBeVisible();
  // Only the dropped event is offered.
  await expect(dialog.getByRole('list', { name: 'Eventos con plazas' }).getByRole('listitem')).toHaveCount(1);
  await dialog.getByRole('button', { name: `Asignar a «${names.night}»` }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(names.night);
  await expect(row).toContainText('17:00–21:00');
  // The grid still works: a click on another free day opens the usual choice.
  await page.getByRole('button', { name: `Asignar a ${newcomer.name} el ${longDay(day)}` }).click();
  await expect(page.getByRole('dialog', { name: `Asignar a ${newcomer.name}` }).getByText('elige un evento con plazas.', { exact: false })).toBeVisible();
  await page.keyboard.press('Escape');
});

test("'Copiar semana' copies next week's same events and says what it could not", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const api = await adminSession();
  const { supervisor, employee } = await createTeam(api);
  await api.dispose();
  const [day, nextDay] = [madridDay(7), madridDay(14)];
  // Another day of the same week (Monday to Sunday).
  const sameWeek = new Date(`${day}T12:00:00Z`).getUTCDay() === 0 ? madridDay(6) : madridDay(8);
  const suffix = uniqueSuffix();
  const [kept, gone] = [`Guardia ${suffix}`, `Feria ${suffix}`];
  await withApi(supervisor, async (boss) => {
    const event = (name: string, on: string, assignedEmployees: string[] = []) =>
      boss.post('/events', { name, location: 'Museo', date: instantFromLocalDateTime(`${on}T09:00`), endDate: instantFromLocalDateTime(`${on}T13:00`), assignedEmployees });
    await event(kept, day, [employee.id]);
    await event(gone, sameWeek, [employee.id]);
    await event(kept, nextDay);
  });
  await signIn(page, supervisor.username, supervisor.password);
  await openRoster(page, day);
  await page.getByRole('button', { name: 'Copiar semana' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copiar semana' });
  await dialog.getByRole('button', { name: 'Copiar semana' }).click();
  await expect(dialog.getByRole('status')).toContainText('1 asignación copiada');
  await expect(dialog.getByRole('list', { name: 'No copiadas' })).toContainText(`${employee.name} · ${gone}`);
  await expect(dialog.getByRole('list', { name: 'No copiadas' })).toContainText('no tiene un evento con el mismo nombre y horario');
  await dialog.getByRole('button', { name: 'Ver la semana siguiente' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('table', { name: 'Cuadrante' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: employee.name }) });
  await expect(row).toContainText(kept);
  await expect(row).toContainText('09:00–13:00');
  await expect(row).not.toContainText(gone);
});

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test.describe(`@screenshots roster ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the week of the Cuadrante', async ({ page }) => {
      mkdirSync(screenshotsDir, { recursive: true });
      const { day, supervisor, guard, newcomer, names } = await week();
      await withApi(supervisor, async (boss) => {
        const roster = await boss.get<{ openEvents: { id: string; name: string }[] }>(`/roster?from=${day}&to=${day}`);
        const vip = roster.openEvents.find((event) => event.name === names.vip)!;
        await boss.put(`/events/${vip.id}/assignments`, { assignedEmployees: [newcomer.id] });
      });
      await signIn(page, supervisor.username, supervisor.password);
      await openRoster(page, day);
      if (viewport.name === 'phone') {
        // Day by day: the day's section lists who works, with the event and its conflict.
        const section = page.getByRole('region', { name: longDay(day) });
        await expect(section.getByRole('list', { name: `Turnos del ${longDay(day)}` })).toContainText(guard.name);
        await expect(section).toContainText(names.morning);
        await expect(section.getByRole('button', { name: new RegExp(`${names.vip}: Titulación`) })).toBeVisible();
        await expect(page.getByRole('table', { name: 'Cuadrante' })).toHaveCount(0);
      } else {
        await expect(page.getByRole('table', { name: 'Cuadrante' })).toContainText(names.vip);
      }
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `roster-week-${viewport.name}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await page.getByRole('button', { name: 'Mes', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Mes siguiente' })).toBeVisible();
      if (viewport.name === 'desktop') await expect(page.getByRole('table', { name: 'Cuadrante' }).getByRole('button', { name: new RegExp(`${names.vip}: Titulación`) })).toBeVisible();
      else await expect(page.getByRole('region', { name: longDay(day) })).toContainText(names.vip);
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `roster-month-${viewport.name}.png`), fullPage: viewport.name === 'desktop' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}
