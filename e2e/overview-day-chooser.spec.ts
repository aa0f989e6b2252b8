import { test, expect, type Page } from './support/test';
import { formatTime } from '@jornada/shared/format';
import { adminSession, apiSession, createTeam, uniqueSuffix, type TestPerson } from './support/api';
import { signIn } from './support/ui';

/*
 * Issue 21, item 8: a day with two events. The overview calendar used to open only the first; now a
 * tap on the day offers both (name and times) and choosing one opens its detail.
 */

let employee: TestPerson;
const suffix = uniqueSuffix();
const morning = { name: `Ronda de mañana ${suffix}`, start: 0, end: 0 };
const evening = { name: `Ronda de tarde ${suffix}`, start: 0, end: 0 };

test.beforeAll(async () => {
  const admin = await adminSession();
  let supervisor: TestPerson;
  ({ supervisor, employee } = await createTeam(admin));
  await admin.dispose();
  const asSupervisor = await apiSession(supervisor.username, supervisor.password);
  // Both later today, a few minutes apart (the day is today's: the calendar opens on this month).
  const now = Date.now();
  Object.assign(morning, { start: now + 2 * 60_000, end: now + 32 * 60_000 });
  // One after the other: one person cannot be booked twice at once (a double booking is refused).
  Object.assign(evening, { start: now + 34 * 60_000, end: now + 64 * 60_000 });
  for (const event of [morning, evening]) {
    await asSupervisor.post('/events', {
      name: event.name,
      location: 'Recinto Ferial',
      date: new Date(event.start).toISOString(),
      endDate: new Date(event.end).toISOString(),
      type: 'momentary',
      assignedEmployees: [employee.id],
    });
  }
  await asSupervisor.dispose();
});

async function chooseTheSecond(page: Page) {
  await signIn(page, employee.username, employee.password);
  await page.getByRole('button', { name: /^Hoy, .*2 eventos/ }).click();
  const chooser = page.getByRole('dialog');
  const choices = chooser.getByRole('list', { name: 'Eventos del día' }).getByRole('button');
  await expect(choices).toHaveCount(2);
  await expect(choices.nth(0)).toContainText(morning.name);
  await expect(choices.nth(0)).toContainText(`${formatTime(new Date(morning.start))} – ${formatTime(new Date(morning.end))}`);
  await expect(choices.nth(1)).toContainText(evening.name);
  await expect(choices.nth(1)).toContainText(`${formatTime(new Date(evening.start))} – ${formatTime(new Date(evening.end))}`);
  return choices;
}

test('a day with two events offers both, and the second opens its detail', async ({ page }) => {
  const choices = await chooseTheSecond(page);
  await choices.filter({ hasText: evening.name }).click();
  const detail = page.getByRole('dialog', { name: evening.name });
  await expect(detail).toBeVisible();
  await expect(detail).toContainText('Recinto Ferial');
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The calendar still works: the same day offers the first one too.
  await page.getByRole('button', { name: /^Hoy, .*2 eventos/ }).click();
  await page.getByRole('dialog').getByRole('button').filter({ hasText: morning.name }).click();
  await expect(page.getByRole('dialog', { name: morning.name })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the chooser fits the screen and opens the chosen event', async ({ page }) => {
    const choices = await chooseTheSecond(page);
    const box = (await page.getByRole('dialog').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await choices.filter({ hasText: evening.name }).tap();
    await expect(page.getByRole('dialog', { name: evening.name })).toBeVisible();
  });
});
