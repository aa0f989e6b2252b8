import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { instantFromLocalDateTime, localDateTimeOf } from '@jornada/shared/format';
import type { Correction } from '@jornada/shared/schemas/corrections';
import { DEFAULT_PAY_RULES } from '@jornada/shared/schemas/pay-rules';
import { adminSession, apiSession, createPerson, createTeam, offerSeedCategory, type TestPerson } from './support/api';
import { signIn } from './support/ui';

/*
 * Issue 26's browser story: a supervisor sets a night plus in 'Reglas de pago', sees it paid on a
 * night shift in 'Pagos', and the employee finds the same amount in the 'Desglose del mes' of
 * 'Mis Horas'; closing the month shows there as 'Mes cerrado' with the frozen figures.
 */

const HOUR = 3_600_000;
const screenshotsDir = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });
const toast = (page: Page) => page.getByRole('region', { name: /Notificaciones/ }).getByRole('listitem');

/** The latest 04:00–06:00 (Madrid) already over: two night hours, clear of the daylight-saving hours (02:00–03:00). */
function lastNightShift(): { start: string; end: string; month: string } {
  const now = Date.now();
  const today = localDateTimeOf(new Date(now)).slice(0, 10);
  const todayEnd = Date.parse(instantFromLocalDateTime(`${today}T06:00`)!);
  const day = now > todayEnd + 30 * 60_000 ? today : localDateTimeOf(new Date(now - 24 * HOUR)).slice(0, 10);
  return { start: instantFromLocalDateTime(`${day}T04:00`)!, end: instantFromLocalDateTime(`${day}T06:00`)!, month: day.slice(0, 7) };
}

/**
 * A company offering 'Vigilante' (22,50 €/hora), its supervisor and a Vigilante who worked 04:00–06:00
 * last night: a forgotten record proposed and approved through the API, as the screens do.
 */
async function teamWithANightShift(): Promise<{ supervisor: TestPerson; worker: TestPerson; month: string }> {
  const api = await adminSession();
  const team = await createTeam(api);
  const vigilante = await offerSeedCategory(api, team.company.id, 'Vigilante');
  const worker = await createPerson(api, { role: 'Empleado', companyId: team.company.id, categoryIds: [vigilante.id] });
  await api.dispose();

  const shift = lastNightShift();
  const boss = await apiSession(team.supervisor.username, team.supervisor.password);
  const { items } = await boss.post<{ items: { id: string }[] }>('/events', {
    name: 'Vigilancia nocturna',
    location: 'Nave 3',
    date: new Date(Date.now() - 5 * 60_000).toISOString(),
    endDate: new Date(Date.now() + 3 * HOUR).toISOString(),
    type: 'momentary',
    assignedEmployees: [worker.id],
  });
  const eventId = items[0]?.id;
  if (!eventId) throw new Error('event not created');
  const asWorker = await apiSession(worker.username, worker.password);
  const proposal = await asWorker.post<Correction>('/corrections/missing-records', { eventId, startTime: shift.start, endTime: shift.end, reason: 'Turno de noche sin fichar' });
  await asWorker.dispose();
  await boss.post(`/corrections/${proposal.id}/approve`, {});
  await boss.dispose();
  return { supervisor: team.supervisor, worker, month: shift.month };
}

/** Steps a month picker back to `month` (the shift may fall in the previous month just after midnight on the 1st). */
async function showMonth(page: Page, month: string) {
  const current = localDateTimeOf(new Date()).slice(0, 7);
  if (month !== current) await page.getByRole('button', { name: 'Mes anterior' }).click();
}

/** The employee's 'Mis Horas' at the shift's month, with its breakdown loaded. */
async function openMyHours(page: Page, worker: TestPerson, month: string) {
  await signIn(page, worker.username, worker.password);
  const menuButton = page.getByRole('button', { name: /Abrir menú/ });
  if (await menuButton.isVisible()) await menuButton.click();
  await nav(page).getByRole('link', { name: 'Mis Horas' }).click();
  await expect(page.getByRole('heading', { name: 'Mis Horas', level: 1 })).toBeVisible();
  await showMonth(page, month);
  const breakdown = page.getByRole('region', { name: 'Desglose del mes' });
  await expect(breakdown.getByRole('table', { name: `Conceptos de ${worker.name}` })).toBeVisible();
  return breakdown;
}

test('a night plus set in Reglas de pago is paid in Pagos and shows the same in the employee’s Mis Horas', async ({ page, browser }) => {
  test.slow(); // three screens on a desk and two on a phone, two sign-ins, closing the month
  const { supervisor, worker, month } = await teamWithANightShift();

  // The supervisor sets 1,50 €/hora of night plus.
  await signIn(page, supervisor.username, supervisor.password);
  await nav(page).getByRole('link', { name: 'Reglas de pago' }).click();
  await expect(page.getByRole('heading', { name: 'Reglas de pago', level: 1 })).toBeVisible();
  const night = page.getByRole('group', { name: 'Nocturnidad y festivos' });
  await night.getByLabel('Plus de nocturnidad (€/hora)').fill('1,50');
  await page.getByRole('button', { name: 'Guardar reglas' }).click();
  await expect(toast(page)).toContainText('Reglas guardadas');
  await expect(night.getByLabel('Plus de nocturnidad (€/hora)')).toHaveValue('1,50');

  // 'Pagos': two night hours, 3,00 € of night plus on 45,00 € of base.
  await nav(page).getByRole('link', { name: 'Pagos' }).click();
  await expect(page.getByRole('heading', { name: 'Pagos', level: 1 })).toBeVisible();
  await showMonth(page, month);
  const section = page.getByRole('region', { name: /Nómina por conceptos/ });
  const row = section.getByRole('row', { name: new RegExp(`^${worker.name}`) });
  await expect(row).toContainText('48,00 €');
  await row.getByRole('button', { name: worker.name }).click();
  const sheetDetail = section.getByRole('table', { name: `Conceptos de ${worker.name}` });
  await expect(sheetDetail.getByRole('row', { name: /Horas nocturnas/ })).toContainText('2h 0m');
  await expect(sheetDetail.getByRole('row', { name: /Horas nocturnas/ })).toContainText('3,00 €');

  // The employee, on a phone, finds the same figures in 'Mis Horas'.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const employeePage = await phone.newPage();
  const breakdown = await openMyHours(employeePage, worker, month);
  const mine = breakdown.getByRole('table', { name: `Conceptos de ${worker.name}` });
  await expect(breakdown.getByText('Mes abierto')).toBeVisible();
  await expect(mine.getByRole('row', { name: /Horas nocturnas/ })).toContainText('2h 0m');
  await expect(mine.getByRole('row', { name: /Horas nocturnas/ })).toContainText('3,00 €');
  await expect(mine.getByRole('row', { name: /^Total/ })).toContainText('48,00 €');
  await expect(breakdown.getByText('1,50 €/hora')).toBeVisible();
  // The approved forgotten record is counted and marked, as in 'Pagos'.
  await expect(breakdown).toContainText('1 registro marcado');
  // Another month has no hours; back on the shift's month the figures return.
  await employeePage.getByRole('button', { name: 'Mes siguiente' }).click();
  await expect(mine.getByRole('row', { name: /^Total/ })).toContainText('0h 0m');
  await expect(employeePage.getByRole('heading', { name: 'Mis Horas', level: 1 })).toBeVisible();
  await employeePage.getByRole('button', { name: 'Mes anterior' }).click();
  await expect(mine.getByRole('row', { name: /Horas nocturnas/ })).toContainText('3,00 €');

  // The supervisor closes the month; the employee sees it closed, with the same figures.
  await section.getByRole('button', { name: 'Cerrar mes' }).click();
  await page.getByRole('dialog', { name: 'Cerrar mes' }).getByRole('button', { name: 'Cerrar mes' }).click();
  await expect(toast(page).last()).toContainText('Mes cerrado');
  await expect(section.getByText('Mes cerrado', { exact: true })).toBeVisible();
  await employeePage.reload();
  await expect(employeePage.getByRole('heading', { name: 'Mis Horas', level: 1 })).toBeVisible();
  const closed = employeePage.getByRole('region', { name: 'Desglose del mes' });
  await expect(closed.getByText('Mes cerrado')).toBeVisible();
  await expect(closed).toContainText('estas cifras ya no cambian');
  await expect(closed.getByRole('table', { name: `Conceptos de ${worker.name}` }).getByRole('row', { name: /Horas nocturnas/ })).toContainText('3,00 €');
  // The rest of the screen still works: the month's record is listed.
  await expect(employeePage.getByRole('list', { name: /Registros de/ }).getByText('Vigilancia nocturna')).toBeVisible();
  await phone.close();
});

for (const viewport of [
  { name: '375', width: 375, height: 812 },
  { name: '1280', width: 1280, height: 800 },
]) {
  test(`@screenshots Mis Horas with the month's breakdown at ${viewport.name} px`, async ({ page }) => {
    mkdirSync(screenshotsDir, { recursive: true });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const { supervisor, worker, month } = await teamWithANightShift();
    // A night plus and a monthly plus, through the API ('Reglas de pago' is the story above).
    const boss = await apiSession(supervisor.username, supervisor.password);
    const rules = await boss.get<{ categories: { id: string; name: string }[] }>('/pay-rules');
    const vigilante = rules.categories.find((category) => category.name === 'Vigilante');
    await boss.put('/pay-rules', {
      ...DEFAULT_PAY_RULES,
      nightPlusPerHourCents: 150,
      categories: vigilante ? [{ categoryId: vigilante.id, monthlyPluses: [{ name: 'Plus de transporte', cents: 6050 }] }] : [],
    });
    await boss.dispose();
    const breakdown = await openMyHours(page, worker, month);
    await expect(breakdown.getByRole('rowheader', { name: 'Plus de transporte' })).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(screenshotsDir, `my-hours-breakdown-${viewport.name}.png`), fullPage: true });
  });
}
